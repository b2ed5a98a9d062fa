import type { Page } from 'playwright-core';

/**
 * One of the signed-in page's operations, as the page itself calls it (the same origin, its
 * session): for what a journey reads to check the screen against, or makes ahead of the part it is
 * about. The answer's data; a refusal throws.
 */
export async function callAs<T>(
  page: Page,
  operation: string,
  input: Record<string, unknown>,
  kind: 'query' | 'mutation' = 'query',
): Promise<T> {
  const answer = await page.evaluate(
    async ([name, given, type]) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `${type} ${name}($input: JSON!) { ${name}(input: $input) }`,
          variables: { input: given },
        }),
      });
      return (await response.json()) as { data: Record<string, string> };
    },
    [operation, input, kind] as const,
  );
  return (JSON.parse(answer.data[operation]) as { data: T }).data;
}
