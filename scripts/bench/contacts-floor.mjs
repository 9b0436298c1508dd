// The benchmark's floor: node:http + pg, nothing else. Serves the prepared statements given in
// FLOOR_SCENARIOS (JSON: [{path, text, params, freshPlan}]) for FLOOR_USER_ID and prints its port on
// stdout, with as many connections as the contacts service has (FLOOR_POOL_SIZE). Runs in its own
// process so the load generator does not share its event loop.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL_SIZE) });
const userId = process.env.FLOOR_USER_ID;
const byPath = new Map(
  JSON.parse(process.env.FLOOR_SCENARIOS).map((scenario, index) => [
    scenario.path,
    { name: `floor_${index}`, ...scenario },
  ]),
);

const server = createServer(async (request, response) => {
  const sql = byPath.get(request.url);
  if (!sql) return response.writeHead(404).end();
  try {
    const { rows } = await pool.query({
      name: sql.freshPlan ? undefined : sql.name,
      text: sql.text,
      values: [userId, ...sql.params],
    });
    const body = JSON.stringify({ success: true, data: { items: rows, totalItems: rows[0]?.totalCount ?? 0 } });
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
