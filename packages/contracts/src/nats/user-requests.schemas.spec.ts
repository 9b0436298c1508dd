import { MAX_USERS_PER_REQUEST, usersByIdsRequestSchema } from './user-requests.schemas.js';

describe('usersByIdsRequestSchema', () => {
  it(`accepts up to ${MAX_USERS_PER_REQUEST} ids and refuses more`, () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => `id-${index}`);
    expect(usersByIdsRequestSchema.safeParse({ userIds: ids(MAX_USERS_PER_REQUEST) }).success).toBe(true);
    const tooMany = usersByIdsRequestSchema.safeParse({ userIds: ids(MAX_USERS_PER_REQUEST + 1) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.path).toEqual(['userIds']);
  });

  it('refuses a missing list', () => {
    expect(usersByIdsRequestSchema.safeParse({}).success).toBe(false);
  });
});
