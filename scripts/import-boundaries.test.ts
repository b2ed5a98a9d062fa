import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of docs/architecture.md#layout-rules, as the repository's ESLint
// config enforces them: each deliberate wrong import below is reported with its rule's message,
// and the right ones are not. The files need not exist: ESLint lints the text as if it were there.

const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });
});

/** The messages of `no-restricted-imports` for one line of code at the given path. */
async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport { x };\n`, { filePath });
  const fatal = result.messages.filter((message) => message.fatal);
  expect(fatal).toEqual([]);
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('a wrong import is reported with the rule it breaks', () => {
  it.each([
    {
      what: 'ui importing a feature',
      file: 'apps/web/src/ui/some-table.tsx',
      code: "import { x } from '../features/tickets/ticket-api.ts';",
      rule: 'ui/ holds shared building blocks: it never imports features/ or app/',
    },
    {
      what: 'ui importing app',
      file: 'apps/web/src/ui/some-table.tsx',
      code: "import { x } from '../app/routes.tsx';",
      rule: 'ui/ holds shared building blocks: it never imports features/ or app/',
    },
    {
      what: 'a feature importing app',
      file: 'apps/web/src/features/tickets/some-screen.tsx',
      code: "import { x } from '../../app/shell/load-shell.ts';",
      rule: 'A feature never imports app/',
    },
    {
      what: "a feature importing another feature's file",
      file: 'apps/web/src/features/dashboard/some-screen.tsx',
      code: "import { x } from '../tickets/ticket-api.ts';",
      rule: "A feature never imports another feature's files: what two features share goes in ui/.",
    },
    {
      what: "a feature's sub-folder importing another feature's file",
      file: 'apps/web/src/features/tickets/actions/some-dialog.tsx',
      code: "import { x } from '../../customers/customers-page.tsx';",
      rule: "A feature never imports another feature's files: what two features share goes in ui/.",
    },
    {
      what: 'the typed client importing ui',
      file: 'apps/web/src/api/some-client.ts',
      code: "import { x } from '../ui/use-list.ts';",
      rule: 'api/ is the typed client: it never imports app/, features/ or ui/.',
    },
    {
      what: 'the web app importing the server',
      file: 'apps/web/src/app/some-route.tsx',
      code: "import { x } from '../../../server/src/db/ids.ts';",
      rule: 'The web app never imports the server',
    },
    {
      what: 'the contract importing an app',
      file: 'packages/contract/src/some-rule.ts',
      code: "import { x } from '../../../apps/server/src/db/ids.ts';",
      rule: 'packages/contract is shared by the web app and the server: it never imports either.',
    },
    {
      what: 'platform importing a module',
      file: 'apps/server/src/platform/some-service.ts',
      code: "import { x } from '../modules/tickets/claim-ticket.ts';",
      rule: 'platform/ and auth/ serve the modules: they never import modules/ or graphql/',
    },
    {
      what: 'platform importing graphql',
      file: 'apps/server/src/platform/some-service.ts',
      code: "import { x } from '../graphql/caller.ts';",
      rule: 'platform/ and auth/ serve the modules: they never import modules/ or graphql/',
    },
    {
      what: 'auth importing a module',
      file: 'apps/server/src/auth/some-route.ts',
      code: "import { x } from '../modules/people/invitation.ts';",
      rule: 'platform/ and auth/ serve the modules: they never import modules/ or graphql/',
    },
    {
      what: 'db importing platform',
      file: 'apps/server/src/db/seed/some-seed.ts',
      code: "import { x } from '../../platform/audit.ts';",
      rule: 'db/ is the lowest layer: it never imports platform/, auth/, modules/ or graphql/',
    },
    {
      what: 'graphql importing a module',
      file: 'apps/server/src/graphql/some-endpoint.ts',
      code: "import { x } from '../modules/handlers.ts';",
      rule: 'graphql/ runs any operation it is given: it never imports modules/',
    },
    {
      what: 'production code importing a test kit',
      file: 'apps/server/src/modules/tickets/some-handler.ts',
      code: "import { x } from './ticket.test-kit.ts';",
      rule: 'Production code never imports test code',
    },
    {
      what: "production code importing the server's test harness",
      file: 'apps/server/src/modules/tickets/some-handler.ts',
      code: "import { x } from '../../test/harness.ts';",
      rule: 'Production code never imports test code',
    },
    {
      what: "production code importing the contract's test kit",
      file: 'apps/web/src/features/people/some-screen.tsx',
      code: "import { x } from '@fieldport/contract/permission-samples.test-kit';",
      rule: 'Production code never imports test code',
    },
    {
      what: 'production code importing vitest',
      file: 'apps/server/src/modules/people/some-helper.ts',
      code: "import { x } from 'vitest';",
      rule: 'Production code never imports vitest',
    },
  ])('$what', async ({ file, code, rule }) => {
    const messages = await restrictions(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(rule);
  });
});

describe('an import along the layers is not reported', () => {
  it.each([
    {
      file: 'apps/web/src/app/some-route.tsx',
      code: "import { x } from '../features/tickets/tickets-page.tsx';",
    },
    {
      file: 'apps/web/src/features/tickets/some-screen.tsx',
      code: "import { x } from '../../ui/data-table.tsx';",
    },
    { file: 'apps/web/src/features/tickets/some-screen.tsx', code: "import { x } from './ticket-api.ts';" },
    {
      file: 'apps/web/src/features/tickets/actions/some-dialog.tsx',
      code: "import { x } from '../ticket-api.ts';",
    },
    { file: 'apps/web/src/ui/some-table.tsx', code: "import { x } from '../api/client.ts';" },
    { file: 'apps/web/src/ui/some-table.tsx', code: "import { x } from '@fieldport/contract/menus';" },
    {
      file: 'apps/server/src/modules/tickets/some-handler.ts',
      code: "import { x } from '../../platform/tenant.ts';",
    },
    {
      file: 'apps/server/src/modules/tickets/some-handler.ts',
      code: "import { x } from '../../graphql/rest-route.ts';",
    },
    {
      file: 'apps/server/src/platform/some-service.ts',
      code: "import { x } from '../db/schema/platform.ts';",
    },
    { file: 'apps/server/src/db/seed/some-seed.ts', code: "import { x } from '../schema/platform.ts';" },
    { file: 'apps/server/src/db/seed/some-seed.ts', code: "import { x } from '../ids.ts';" },
    {
      file: 'apps/server/src/modules/tickets/some.test.ts',
      code: "import { x } from './ticket.test-kit.ts';",
    },
    {
      file: 'apps/server/src/modules/tickets/some.test-kit.ts',
      code: "import { x } from '../../test/harness.ts';",
    },
    {
      file: 'packages/contract/src/some.test.ts',
      code: "import { x } from './permission-samples.test-kit.ts';",
    },
  ])('$file: $code', async ({ file, code }) => {
    expect(await restrictions(file, code)).toEqual([]);
  });
});
