import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  casing: 'snake_case',
  schema: ['./src/db/schema/identity.ts', './src/db/schema/platform.ts'],
  out: './src/db/migrations',
});
