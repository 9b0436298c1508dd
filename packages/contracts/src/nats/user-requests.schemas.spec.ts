import { MAX_USERS_PER_REQUEST, userByIdRequestSchema, usersByIdsRequestSchema } from './user-requests.schemas.js';

const UUID = '7A0C2C3E-0000-4000-8000-000000000000';

describe('usersByIdsRequestSchema', () => {
  it(`accepts up to ${MAX_USERS_PER_REQUEST} ids and refuses more`, () => {
    const ids = (count: number) => Array.from({ length: count }, () => UUID);
    expect(usersByIdsRequestSchema.safeParse({ userIds: ids(MAX_USERS_PER_REQUEST) }).success).toBe(true);
    const tooMany = usersByIdsRequestSchema.safeParse({ userIds: ids(MAX_USERS_PER_REQUEST + 1) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.path).toEqual(['userIds']);
  });

  it('refuses a missing list and ids that are not ids', () => {
    expect(usersByIdsRequestSchema.safeParse({}).success).toBe(false);
    expect(usersByIdsRequestSchema.safeParse({ userIds: ['junk'] }).success).toBe(false);
  });
});

describe('userByIdRequestSchema', () => {
  it('lower-cases the id, so services compare ids as stored', () => {
    expect(userByIdRequestSchema.parse({ userId: UUID })).toEqual({ userId: UUID.toLowerCase() });
    expect(userByIdRequestSchema.safeParse({ userId: 'not-a-uuid' }).success).toBe(false);
  });
});
