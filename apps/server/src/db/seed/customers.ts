import { eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { RecordStatus } from '@fieldport/contract/lists';
import { checkPhone, DEFAULT_COUNTRY } from '@fieldport/contract/phone';
import type { Db } from '../client.ts';
import { customer, customerLocation } from '../schema/customers.ts';
import { customerCategory } from '../schema/settings.ts';
import { newId } from '../ids.ts';

// Customers made the way the product makes them (phones normalized to E.164 by the contract's
// checkPhone); shared by the demo seed, the tests and the benchmark's generator.

interface SeedLocation {
  label?: string | null;
  address: string;
  pincode: string;
  city: string;
  state: string;
  country?: CountryCode;
  latitude?: number | null;
  longitude?: number | null;
}

export interface SeedCustomer {
  organization_id: string;
  name: string;
  /** As a person types it; normalized with checkPhone (a bad number throws). */
  phone: string;
  phone_country?: CountryCode;
  email?: string | null;
  customer_category_id?: string | null;
  party_id?: string | null;
  status?: RecordStatus;
  created_by?: string | null;
  created_at?: Date;
  primary_location: SeedLocation;
  secondary_locations?: SeedLocation[];
}

/** The customer row's phone columns, from a number as typed. */
function phoneOf(phone: string, country: CountryCode = DEFAULT_COUNTRY) {
  const checked = checkPhone(phone, country);
  if (!checked.ok) throw new Error(`Seed phone ${phone} (${country}): ${checked.message}`);
  return { phone: checked.e164, phone_country: checked.country, phone_national: checked.nationalDigits };
}

function locationRow(
  organization_id: string,
  customer_id: string,
  is_primary: boolean,
  location: SeedLocation,
  created_at?: Date,
) {
  return {
    id: newId(),
    organization_id,
    customer_id,
    is_primary,
    label: location.label ?? null,
    address: location.address,
    pincode: location.pincode,
    city: location.city,
    state: location.state,
    country: location.country ?? DEFAULT_COUNTRY,
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
    ...(created_at ? { created_at, updated_at: created_at } : {}),
  };
}

function customerRows(values: SeedCustomer) {
  const id = newId();
  const row = {
    id,
    organization_id: values.organization_id,
    party_id: values.party_id ?? null,
    name: values.name,
    ...phoneOf(values.phone, values.phone_country),
    email: values.email ?? null,
    customer_category_id: values.customer_category_id ?? null,
    status: values.status ?? 'ACTIVE',
    created_by: values.created_by ?? null,
    ...(values.created_at ? { created_at: values.created_at, updated_at: values.created_at } : {}),
  };
  const locations = [
    locationRow(values.organization_id, id, true, values.primary_location, values.created_at),
    ...(values.secondary_locations ?? []).map((location) =>
      locationRow(values.organization_id, id, false, location, values.created_at),
    ),
  ];
  return { row, locations };
}

export async function seedCustomer(db: Db, values: SeedCustomer) {
  const { row, locations } = customerRows(values);
  const [created] = await db.insert(customer).values(row).returning();
  const placed = await db.insert(customerLocation).values(locations).returning();
  return { ...created, locations: placed };
}

/** Many customers in few statements (the demo's hundreds, the benchmark's 100,000). */
export async function seedCustomers(db: Db, values: SeedCustomer[], batchSize = 1000): Promise<number> {
  for (let start = 0; start < values.length; start += batchSize) {
    const batch = values.slice(start, start + batchSize).map(customerRows);
    await db.insert(customer).values(batch.map((entry) => entry.row));
    await db.insert(customerLocation).values(batch.flatMap((entry) => entry.locations));
  }
  return values.length;
}

// ---------------------------------------------------------------------------------------------
// Realistic Indian customers, generated deterministically (the same `seed` gives the same people).

interface City {
  city: string;
  state: string;
  /** The first PIN code of the city's head post office area; the generator adds small offsets. */
  pincode: number;
  /** How many PIN codes above the first one the city spans (roughly). */
  spread: number;
  latitude: number;
  longitude: number;
  localities: string[];
}

const DEMO_CITIES: City[] = [
  {
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: 560001,
    spread: 99,
    latitude: 12.9716,
    longitude: 77.5946,
    localities: [
      'Indiranagar',
      'Koramangala',
      'Jayanagar 4th Block',
      'Whitefield',
      'Malleshwaram',
      'HSR Layout',
    ],
  },
  {
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: 400001,
    spread: 103,
    latitude: 18.9388,
    longitude: 72.8354,
    localities: ['Andheri West', 'Bandra West', 'Dadar', 'Powai', 'Colaba', 'Borivali East'],
  },
  {
    city: 'New Delhi',
    state: 'Delhi',
    pincode: 110001,
    spread: 95,
    latitude: 28.6328,
    longitude: 77.2197,
    localities: [
      'Connaught Place',
      'Karol Bagh',
      'Lajpat Nagar',
      'Dwarka Sector 10',
      'Rohini Sector 7',
      'Saket',
    ],
  },
  {
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: 600001,
    spread: 118,
    latitude: 13.0878,
    longitude: 80.2785,
    localities: ['T. Nagar', 'Adyar', 'Anna Nagar', 'Mylapore', 'Velachery', 'Tambaram'],
  },
  {
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: 500001,
    spread: 95,
    latitude: 17.385,
    longitude: 78.4867,
    localities: ['Banjara Hills', 'Jubilee Hills', 'Gachibowli', 'Kukatpally', 'Secunderabad', 'Madhapur'],
  },
  {
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: 700001,
    spread: 99,
    latitude: 22.5726,
    longitude: 88.3639,
    localities: ['Salt Lake Sector V', 'Park Street', 'Ballygunge', 'Howrah', 'New Town', 'Behala'],
  },
  {
    city: 'Pune',
    state: 'Maharashtra',
    pincode: 411001,
    spread: 60,
    latitude: 18.5204,
    longitude: 73.8567,
    localities: ['Kothrud', 'Hinjewadi', 'Viman Nagar', 'Baner', 'Aundh', 'Hadapsar'],
  },
  {
    city: 'Ahmedabad',
    state: 'Gujarat',
    pincode: 380001,
    spread: 60,
    latitude: 23.0225,
    longitude: 72.5714,
    localities: ['Navrangpura', 'Satellite', 'Maninagar', 'Bopal', 'Vastrapur'],
  },
  {
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: 302001,
    spread: 40,
    latitude: 26.9124,
    longitude: 75.7873,
    localities: ['Malviya Nagar', 'Vaishali Nagar', 'C-Scheme', 'Mansarovar', 'Raja Park'],
  },
  {
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    pincode: 226001,
    spread: 30,
    latitude: 26.8467,
    longitude: 80.9462,
    localities: ['Hazratganj', 'Gomti Nagar', 'Aliganj', 'Indira Nagar', 'Aminabad'],
  },
  {
    city: 'Kochi',
    state: 'Kerala',
    pincode: 682001,
    spread: 40,
    latitude: 9.9312,
    longitude: 76.2673,
    localities: ['Kakkanad', 'Edappally', 'Fort Kochi', 'Vyttila', 'Kaloor'],
  },
  {
    city: 'Coimbatore',
    state: 'Tamil Nadu',
    pincode: 641001,
    spread: 45,
    latitude: 11.0168,
    longitude: 76.9558,
    localities: ['RS Puram', 'Gandhipuram', 'Peelamedu', 'Saibaba Colony'],
  },
  {
    city: 'Mysuru',
    state: 'Karnataka',
    pincode: 570001,
    spread: 30,
    latitude: 12.2958,
    longitude: 76.6394,
    localities: ['Vijayanagar', 'Kuvempunagar', 'Jayalakshmipuram', 'Gokulam'],
  },
  {
    city: 'Indore',
    state: 'Madhya Pradesh',
    pincode: 452001,
    spread: 20,
    latitude: 22.7196,
    longitude: 75.8577,
    localities: ['Vijay Nagar', 'Palasia', 'Rajwada', 'Bhawarkua'],
  },
  {
    city: 'Chandigarh',
    state: 'Chandigarh',
    pincode: 160017,
    spread: 30,
    latitude: 30.7333,
    longitude: 76.7794,
    localities: ['Sector 17', 'Sector 22', 'Sector 35', 'Manimajra'],
  },
  {
    city: 'Bhubaneswar',
    state: 'Odisha',
    pincode: 751001,
    spread: 30,
    latitude: 20.2961,
    longitude: 85.8245,
    localities: ['Saheed Nagar', 'Patia', 'Nayapalli', 'Old Town'],
  },
];

const FIRST_NAMES = [
  'Ravi',
  'Priya',
  'Arjun',
  'Lakshmi',
  'Suresh',
  'Anita',
  'Vikram',
  'Kavya',
  'Rahul',
  'Sneha',
  'Mohammed',
  'Fatima',
  'Harpreet',
  'Gurpreet',
  'Sanjay',
  'Deepa',
  'Karthik',
  'Meena',
  'Amit',
  'Pooja',
  'Venkatesh',
  'Divya',
  'Rajesh',
  'Nisha',
  'Imran',
  'Ayesha',
  'Joseph',
  'Mary',
  'Aditya',
  'Shreya',
  'Naveen',
  'Swati',
  'Manoj',
  'Rekha',
  'Prakash',
  'Geeta',
  'Siddharth',
  'Ananya',
  'Farhan',
  'Zoya',
];
const SURNAMES = [
  'Kumar',
  'Sharma',
  'Reddy',
  'Iyer',
  'Nair',
  'Patel',
  'Singh',
  'Gupta',
  'Rao',
  'Das',
  'Menon',
  'Khan',
  'Joshi',
  'Mehta',
  'Banerjee',
  'Chatterjee',
  'Pillai',
  'Naidu',
  'Shetty',
  'Kulkarni',
  'Deshpande',
  'Verma',
  'Agarwal',
  'Bhat',
  'Fernandes',
  "D'Souza",
  'Mishra',
  'Pandey',
  'Gill',
  'Sandhu',
];
const BUSINESSES = [
  'Hotel Annapoorna',
  'Sri Balaji Traders',
  'Green Leaf Restaurant',
  'Lakeview Apartments Association',
  'Shree Ganesh Medicals',
  'Sunrise Public School',
  'City Care Clinic',
  'Royal Bakery',
  'Apex Software Park',
  'Mahalakshmi Textiles',
  'Blue Star Cold Storage',
  'Orchid Guest House',
  'Silver Oak Hospital',
  'Om Sai Supermarket',
  'Metro Fitness Studio',
];
const STREETS = [
  '1st Main Road',
  '4th Cross',
  'MG Road',
  'Station Road',
  'Temple Street',
  'Gandhi Road',
  'Park Avenue',
  'Nehru Street',
];
const MAIL_DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com'];

/** A small, fast, seeded generator (mulberry32): the same seed gives the same customers. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedCustomer {
  name: string;
  /** A +91 mobile number as people write it: '98450 12345'. */
  phone: string;
  email: string | null;
  /** Which of the organization's categories (index into its list), for the caller to map. */
  category: 'Residential' | 'Commercial' | 'Corporate' | 'VIP';
  primary_location: SeedLocation;
  secondary_locations: SeedLocation[];
}

/**
 * `count` distinct customers in Indian cities with real PIN code ranges and +91 mobile numbers.
 * Phones are distinct for `count` up to 900 million (a permutation of the number range).
 */
export function generateIndianCustomers(count: number, seed = 1): GeneratedCustomer[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const people: GeneratedCustomer[] = [];
  for (let i = 0; i < count; i++) {
    const city = pick(DEMO_CITIES);
    const locality = pick(city.localities);
    const business = next() < 0.12;
    const first = pick(FIRST_NAMES);
    const last = pick(SURNAMES);
    const name = business ? `${pick(BUSINESSES)}, ${locality}` : `${first} ${last}`;
    // Mobile numbers start with 9, 8 or 7 here. Multiplying by a prime to the range (mod 9e8) maps
    // i -> number one to one, and scatters neighbours as real numbers are scattered.
    const body = Number(((BigInt(i + seed * 7919) * 479_001_599n + 12_345n) % 900_000_000n) + 100_000_000n);
    const digits = `${9 - (i % 3)}${body}`;
    const phone = `${digits.slice(0, 5)} ${digits.slice(5)}`;
    const email = business
      ? null
      : next() < 0.6
        ? `${first}.${last}${i % 100}@${pick(MAIL_DOMAINS)}`.toLowerCase().replace(/'/g, '')
        : null;
    const place = (label: string | null, where: string, mapped: boolean): SeedLocation => ({
      label,
      address: `${1 + Math.floor(next() * 240)}, ${pick(STREETS)}, ${where}`,
      pincode: String(city.pincode + Math.floor(next() * (city.spread + 1))),
      city: city.city,
      state: city.state,
      latitude: mapped ? Number((city.latitude + (next() - 0.5) * 0.1).toFixed(6)) : null,
      longitude: mapped ? Number((city.longitude + (next() - 0.5) * 0.1).toFixed(6)) : null,
    });
    const primary = place(business ? 'Main branch' : null, locality, next() < 0.5);
    const secondary =
      next() < (business ? 0.5 : 0.1)
        ? [place(business ? 'Warehouse' : 'Office', pick(city.localities), false)]
        : [];
    people.push({
      name,
      phone,
      email,
      category: business
        ? next() < 0.3
          ? 'Corporate'
          : 'Commercial'
        : next() < 0.05
          ? 'VIP'
          : 'Residential',
      primary_location: primary,
      secondary_locations: secondary,
    });
  }
  return people;
}

/** Customers the demo shows by name (README, e2e): one per metro's head post office PIN code. */
const DEMO_NAMED_CUSTOMERS: (Omit<SeedCustomer, 'organization_id' | 'customer_category_id'> & {
  category: GeneratedCustomer['category'];
  dealer?: boolean;
})[] = [
  {
    name: 'Ananya Krishnan',
    phone: '98450 12345',
    email: 'ananya.krishnan@gmail.com',
    category: 'Residential',
    primary_location: {
      address: '14, Cubbon Road, Shivajinagar',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      latitude: 12.9762,
      longitude: 77.6033,
    },
    secondary_locations: [
      {
        label: 'Office',
        address: '5th Floor, UB City, Vittal Mallya Road',
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
      },
    ],
  },
  {
    name: 'Hotel Sea Breeze',
    phone: '22 2202 3344',
    email: 'maintenance@seabreeze.in',
    category: 'Commercial',
    primary_location: {
      label: 'Hotel',
      address: '21, Marine Drive, Churchgate',
      pincode: '400020',
      city: 'Mumbai',
      state: 'Maharashtra',
    },
    secondary_locations: [
      {
        label: 'Laundry unit',
        address: 'Shed 4, Fort Industrial Estate',
        pincode: '400001',
        city: 'Mumbai',
        state: 'Maharashtra',
      },
    ],
  },
  {
    name: 'Rajesh Malhotra',
    phone: '98110 45678',
    email: 'rajesh.malhotra@outlook.com',
    category: 'VIP',
    primary_location: {
      address: 'B-12, Connaught Place',
      pincode: '110001',
      city: 'New Delhi',
      state: 'Delhi',
      latitude: 28.6315,
      longitude: 77.2167,
    },
  },
  {
    name: 'Lakshmi Venkatesan',
    phone: '94440 56789',
    email: null,
    category: 'Residential',
    primary_location: {
      address: '3, Rajaji Salai, George Town',
      pincode: '600001',
      city: 'Chennai',
      state: 'Tamil Nadu',
    },
  },
  {
    name: 'Suresh Patil',
    phone: '98220 67890',
    email: 'suresh.patil@yahoo.co.in',
    category: 'Residential',
    dealer: true,
    primary_location: {
      address: '8, FC Road, Shivajinagar',
      pincode: '411005',
      city: 'Pune',
      state: 'Maharashtra',
    },
  },
];

/**
 * The demo's customers (docs/customers.md#demo-and-benchmark-data): a few hundred of the
 * organization's, some of its dealer's, the named ones above, a few switched off; created over the
 * last year and a half.
 */
export async function seedDemoCustomers(
  db: Db,
  options: { organization_id: string; dealer_id: string; count?: number },
) {
  const { organization_id, dealer_id } = options;
  // The organization's customer categories (seedDemoSettings), by name.
  const categories = Object.fromEntries(
    (
      await db
        .select({ id: customerCategory.id, name: customerCategory.name })
        .from(customerCategory)
        .where(eq(customerCategory.organization_id, organization_id))
    ).map((row) => [row.name, row.id]),
  );
  const count = options.count ?? 320;
  const start = Date.UTC(2025, 4, 1);
  const step = (Date.UTC(2026, 10, 1) - start) / count;
  const generated = generateIndianCustomers(count, 2024).map((person, index): SeedCustomer => ({
    organization_id,
    name: person.name,
    phone: person.phone,
    email: person.email,
    customer_category_id: categories[person.category] ?? null,
    // Every eighth customer came through the dealer.
    party_id: index % 8 === 7 ? dealer_id : null,
    status: index % 23 === 11 ? 'INACTIVE' : 'ACTIVE',
    created_at: new Date(start + index * step),
    primary_location: person.primary_location,
    secondary_locations: person.secondary_locations,
  }));
  const named = DEMO_NAMED_CUSTOMERS.map(({ category, dealer, ...person }): SeedCustomer => ({
    ...person,
    organization_id,
    customer_category_id: categories[category] ?? null,
    party_id: dealer ? dealer_id : null,
  }));
  return seedCustomers(db, [...named, ...generated]);
}
