/**
 * The postgres project's tests run on PostgreSQL only (several processes share it): without
 * TEST_DATABASE_URL the run stops here, saying how to give one.
 */
export default function setup() {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error(
      'The postgres project needs PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a throwaway database> ' +
        '(node scripts/pg-database.mjs create postgres://postgres@127.0.0.1:5432/postgres <name> makes one)',
    );
  }
}
