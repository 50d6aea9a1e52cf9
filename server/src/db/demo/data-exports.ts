import type { Database } from '../client';
import { dataExports } from '../schema';
import { DEMO_ORG_IDS } from './hierarchy-data';

/** The demo's data exports over the report views (schema export_views), offered to the whole network. */
export const DEMO_DATA_EXPORTS = [
  {
    name: 'Hand hygiene events by day',
    sqlQuery: `SELECT day, wash_type, sum(wash_count) AS washes, round(avg(average_duration_s)::numeric, 1) AS average_duration_s
FROM export_views.hand_hygiene_daily
WHERE day BETWEEN :startDate AND :endDate
GROUP BY day, wash_type
ORDER BY day, wash_type;`,
    parameters: [],
  },
  {
    name: 'Staff list',
    sqlQuery: `SELECT employee_id, first_name, last_name, profession_code, organization_id, location_id
FROM export_views.staff
WHERE active = :active
ORDER BY last_name, first_name;`,
    parameters: [{ parameter: 'active', type: 'boolean' as const }],
  },
];

export async function seedDataExports(db: Database): Promise<void> {
  await db.insert(dataExports).values(DEMO_DATA_EXPORTS.map((e) => ({ ...e, organizationIds: [DEMO_ORG_IDS.network] })));
}
