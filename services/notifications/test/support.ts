import pg from 'pg';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/** Calls the API and reads the JSON answer. */
export async function call<T = any>(baseUrl: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export async function sql<Row = Record<string, unknown>>(databaseUrl: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
