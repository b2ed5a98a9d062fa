import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { List_Logs } from '@fieldport/contract/operations/audit';
import { CreateDesignation, UpdateDesignation } from '@fieldport/contract/operations/designations';
import { CreateUser, UpdateUser } from '@fieldport/contract/operations/people';
import { designation } from '../../db/schema/platform.ts';
import { grant, seedDesignation } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, TEST_PASSWORD } from '../../test/organizations.ts';
import {
  expectRefused,
  footprint,
  newEmail,
  peopleOrganization,
  stored,
  succeed,
} from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

// A manager who runs users and designations, without the audit log.
const MANAGER_MODULES = [
  grant('Dashboard'),
  grant('Masters', ['Users']),
  grant('Settings', ['Designations']),
];
const AUDIT_VIEW = { module_name: 'Audit Logs', module_rights: [{ VIEW: true }], sub_modules: [] };
const NO_AUDIT = 'You cannot grant Audit Logs (View): your own designation does not have it.';

async function managers() {
  const org = await peopleOrganization(app, {
    roles: ['OWNER', 'MANAGER'],
    accessControl: true,
    designationModules: MANAGER_MODULES,
  });
  const db = app.database.db;
  const auditor = await seedDesignation(db, {
    organization_id: org.org.id,
    name: `Auditor ${org.tag}`,
    accessing_module: [grant('Dashboard'), grant('Audit Logs')],
  });
  // A second manager with a designation of their own (the same rights), to raise the first.
  const peerDesignation = await seedDesignation(db, {
    organization_id: org.org.id,
    name: `Peer ${org.tag}`,
    accessing_module: MANAGER_MODULES,
  });
  const peer = await addTestMember(db, {
    organizationId: org.org.id,
    role: 'MANAGER',
    designation_id: peerDesignation.id,
  });
  const peerCookie = await signIn(app, peer.email, TEST_PASSWORD);
  return { ...org, auditor, peerDesignation, peer, peerCookie };
}

const staff = (email: string, designation_id: string, user_type = 'AGENT') => ({
  user_group: 'STAFF',
  user_name: 'Andy Agent',
  user_email_id: email,
  user_type,
  designation_id,
});

async function rightsOf(id: string) {
  const [row] = await app.database.db.select().from(designation).where(eq(designation.id, id));
  return row.accessing_module;
}

describe('security finding 6: delegated privilege escalation', () => {
  it('refuses a manager who creates a user with a designation granting a right the manager lacks, and writes nothing', async () => {
    const org = await managers();
    const cookie = await org.as('MANAGER');
    const email = newEmail('auditor');
    const before = await footprint(app, org.org.id, email);
    expectRefused(await call(app, cookie, CreateUser, staff(email, org.auditor.id)), 'BAD_USER_INPUT', {
      field: 'designation_id',
      message: NO_AUDIT,
    });
    expect(await footprint(app, org.org.id, email)).toEqual(before);
    // A designation within the manager's own rights is given.
    await succeed(app, cookie, CreateUser, staff(newEmail('agent'), org.designation.id));
    // The owner holds every right.
    await succeed(app, await org.as('OWNER'), CreateUser, staff(email, org.auditor.id));
  });

  it('refuses a manager who moves a user to such a designation', async () => {
    const org = await managers();
    const agent = await addTestMember(app.database.db, {
      organizationId: org.org.id,
      role: 'AGENT',
      designation_id: org.designation.id,
    });
    const answer = await call(app, await org.as('MANAGER'), UpdateUser, {
      user_group: 'STAFF',
      user_id: agent.userId,
      user_name: `AGENT ${agent.email.split('@')[0]}`,
      user_type: 'AGENT',
      designation_id: org.auditor.id,
    });
    expectRefused(answer, 'BAD_USER_INPUT', { field: 'designation_id', message: NO_AUDIT });
    expect((await stored(app, org.org.id, agent.email)).designation_id).toBe(org.designation.id);
  });

  it('refuses a right the caller lacks in a new designation and in their own', async () => {
    const org = await managers();
    const cookie = await org.as('MANAGER');
    expectRefused(
      await call(app, cookie, CreateDesignation, {
        designation_name: 'Quiet Auditor',
        accessing_module: [...MANAGER_MODULES, AUDIT_VIEW],
      }),
      'BAD_USER_INPUT',
      { field: 'accessing_module', message: NO_AUDIT },
    );
    const own = await rightsOf(org.designation.id);
    expectRefused(
      await call(app, cookie, UpdateDesignation, {
        designation_id: org.designation.id,
        designation_name: org.designation.name,
        accessing_module: [...MANAGER_MODULES, AUDIT_VIEW],
      }),
      'BAD_USER_INPUT',
      { field: 'accessing_module', message: NO_AUDIT },
    );
    expect(await rightsOf(org.designation.id)).toEqual(own);
    expectRefused(await call(app, cookie, List_Logs, {}), 'FORBIDDEN', { message: MSG.forbiddenModule });
  });

  it('keeps two managers from raising each other', async () => {
    const org = await managers();
    const raise = (cookie: string, target: { id: string; name: string }) =>
      call(app, cookie, UpdateDesignation, {
        designation_id: target.id,
        designation_name: target.name,
        accessing_module: [...MANAGER_MODULES, AUDIT_VIEW],
      });
    expectRefused(await raise(await org.as('MANAGER'), org.peerDesignation), 'BAD_USER_INPUT', {
      message: NO_AUDIT,
    });
    expectRefused(await raise(org.peerCookie, org.designation), 'BAD_USER_INPUT', { message: NO_AUDIT });
    // Nor by moving the other to the auditors' designation.
    expectRefused(
      await call(app, org.peerCookie, UpdateUser, {
        user_group: 'STAFF',
        user_id: org.members.MANAGER.userId,
        user_name: `MANAGER ${org.tag}`,
        user_type: 'MANAGER',
        designation_id: org.auditor.id,
      }),
      'BAD_USER_INPUT',
      { field: 'designation_id', message: NO_AUDIT },
    );
    for (const cookie of [await org.as('MANAGER'), org.peerCookie]) {
      expectRefused(await call(app, cookie, List_Logs, {}), 'FORBIDDEN', { message: MSG.forbiddenModule });
    }
  });

  it('lets a right the caller lacks stay on a designation they edit, but not go', async () => {
    const org = await managers();
    const wider = await seedDesignation(app.database.db, {
      organization_id: org.org.id,
      name: `Wider ${org.tag}`,
      accessing_module: [...MANAGER_MODULES, AUDIT_VIEW],
    });
    const cookie = await org.as('MANAGER');
    // Renamed, a right the manager holds taken away: the audit right stays as it was.
    const kept = await succeed(app, cookie, UpdateDesignation, {
      designation_id: wider.id,
      designation_name: 'Wider, renamed',
      accessing_module: [grant('Dashboard'), grant('Masters', ['Users']), AUDIT_VIEW],
    });
    expect(kept.data.items[0].accessing_module.map((entry) => entry.module_name)).toEqual([
      'Dashboard',
      'Masters',
      'Audit Logs',
    ]);
    expectRefused(
      await call(app, cookie, UpdateDesignation, {
        designation_id: wider.id,
        designation_name: 'Wider, renamed',
        accessing_module: [grant('Dashboard')],
      }),
      'BAD_USER_INPUT',
      {
        field: 'accessing_module',
        message: 'You cannot remove Audit Logs (View): your own designation does not have it.',
      },
    );
    expect((await rightsOf(wider.id)).map((entry) => entry.module_name)).toContain('Audit Logs');
  });

  it('refuses a role above the caller’s own', async () => {
    const org = await managers();
    const email = newEmail('nsm');
    expectRefused(
      await call(app, await org.as('MANAGER'), CreateUser, staff(email, org.designation.id, 'NSM')),
      'FORBIDDEN',
      { message: 'You cannot give or change the NSM role: it is above your own (MANAGER).' },
    );
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
  });

  it('without access control, refuses a role whose menu has rights the caller’s role does not', async () => {
    // The role default menus decide: an agent reads the audit log and searches, a manager does not.
    const org = await peopleOrganization(app, { roles: ['OWNER', 'MANAGER'] });
    const email = newEmail('agent');
    expectRefused(
      await call(app, await org.as('MANAGER'), CreateUser, staff(email, org.designation.id)),
      'BAD_USER_INPUT',
      { field: 'user_type', message: 'You cannot grant All Search (View): your own role does not have it.' },
    );
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
    await succeed(
      app,
      await org.as('MANAGER'),
      CreateUser,
      staff(newEmail('m'), org.designation.id, 'MANAGER'),
    );
  });
});
