// The benchmark's floor: node:http + pg, nothing else. Serves the statements given in
// FLOOR_SCENARIOS (JSON: [{path, text, countingText, keptText?, params, freshPlan}]) for
// FLOOR_USER_ID and prints its port on stdout, with as many connections as the contacts service
// has (FLOOR_POOL_SIZE). A path answers with `text` (what the service runs once its count is
// kept), `/counting` + path with `countingText`. With `keptText`, the answer's rows are read once
// at start and `text` only checks they still hold. A parameter holding FLOOR_TERM_PLACEHOLDER
// takes whatever follows the path (a search term). Runs in its own process so the load
// generator does not share its event loop.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL_SIZE) });
const userId = process.env.FLOOR_USER_ID;
const placeholder = process.env.FLOOR_TERM_PLACEHOLDER;
const scenarios = JSON.parse(process.env.FLOOR_SCENARIOS).map((scenario, index) => ({
  name: `floor_${index}`,
  ...scenario,
  takesTerm: scenario.params.some((param) => param.includes(placeholder)),
}));
for (const scenario of scenarios.filter((scenario) => scenario.keptText))
  scenario.keptRows = (await pool.query(scenario.keptText, [userId, ...scenario.params])).rows;

/** The scenario a URL asks for, whether it counts, and its parameter values. */
function route(url) {
  const counting = url.startsWith('/counting/');
  const path = counting ? url.slice('/counting'.length) : url;
  const scenario = scenarios.find((candidate) =>
    candidate.takesTerm ? path.startsWith(candidate.path) : path === candidate.path,
  );
  if (!scenario) return undefined;
  const term = decodeURIComponent(path.slice(scenario.path.length));
  const params = scenario.params.map((param) => param.replace(placeholder, term));
  return { scenario, counting, values: [userId, ...params] };
}

const server = createServer(async (request, response) => {
  const routed = route(request.url);
  if (!routed) return response.writeHead(404).end();
  const { scenario, counting, values } = routed;
  try {
    const { rows } = await pool.query({
      name: scenario.freshPlan ? undefined : `${scenario.name}${counting ? '_counting' : ''}`,
      text: counting ? scenario.countingText : scenario.text,
      values,
    });
    const items = !counting && scenario.keptRows ? scenario.keptRows : rows;
    const body = JSON.stringify({ success: true, data: { items, totalItems: rows[0]?.totalCount ?? 0 } });
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
