import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, userIdOf, type Tokens } from '../../helpers/app';
import { multipartFile, TINY_PNG } from '../../helpers/photos';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';

const WRONG_TYPE = "It looks like that file wasn't the right type. Try a png or jpeg";
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

describe('profile photos', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let nurseId: number;
  let stMarys: UserRow;
  let riverside: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    nurseId = await userIdOf(ctx.app, nurse.idToken, 'nurse@demo.health');
    stMarys = (await staffOf(ctx.db, ST_MARYS))[0] as UserRow;
    riverside = (await staffOf(ctx.db, RIVERSIDE))[0] as UserRow;
  });
  afterAll(() => ctx.close());

  const upload = (tokens: Tokens, userId: number, content: Buffer, fileName?: string, type?: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/users/${userId}/photo`, ...withAuth(tokens, multipartFile(content, fileName, type)) });
  const withAuth = (tokens: Tokens, body: ReturnType<typeof multipartFile>) => ({ payload: body.payload, headers: { ...body.headers, authorization: tokens.idToken } });
  const get = (tokens: Tokens, path: string) => ctx.app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: tokens.idToken } });
  const pictureOf = async (id: number) => (await ctx.db.select({ picture: users.picture }).from(users).where(eq(users.id, id)))[0]?.picture;

  it('lets a user set their own photo, served back to them with its type', async () => {
    const res = await upload(nurse, nurseId, TINY_PNG);
    expect(res.statusCode).toBe(200);
    const { picture } = res.json<{ picture: string }>();
    expect(picture).toMatch(new RegExp(`^/users/${nurseId}/photo/[0-9a-f]{16}\\.png$`));
    expect(await pictureOf(nurseId)).toBe(picture);

    const photo = await get(nurse, picture);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(TINY_PNG)).toBe(true);
    // The administrator, whose scope holds the nurse, sees it too; a photo that is no longer the user's is gone.
    expect((await get(await signIn('admin@demo.health'), picture)).statusCode).toBe(200);
    expect((await upload(nurse, nurseId, JPEG, 'me.jpg', 'image/jpeg')).json<{ picture: string }>().picture).toMatch(/\.jpg$/);
    expect((await get(nurse, picture)).statusCode).toBe(404);
  });

  it('refuses a file that is not a png or jpeg, whatever it is called', async () => {
    const before = await pictureOf(stMarys.id);
    const res = await upload(manager, stMarys.id, Buffer.from('GIF89a not really a png'), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(WRONG_TYPE);
    expect(await pictureOf(stMarys.id)).toBe(before);
  });

  it('refuses a photo past 2 MB', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1_048_576 + 1)]);
    const res = await upload(manager, stMarys.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe('The photo may be at most 2 MB');
  });

  it("lets a manager set the photo of a user of their scope, not another hospital's", async () => {
    expect((await upload(manager, stMarys.id, TINY_PNG)).statusCode).toBe(200);
    const before = await pictureOf(riverside.id);
    expect((await upload(manager, riverside.id, TINY_PNG)).statusCode).toBe(404);
    expect(await pictureOf(riverside.id)).toBe(before);
  });

  it("does not let a user set someone else's photo without the Users page", async () => {
    expect((await upload(nurse, stMarys.id, TINY_PNG)).statusCode).toBe(403);
  });

  it("does not serve another hospital's photo", async () => {
    const admin = await signIn('admin@demo.health');
    const { picture } = (await upload(admin, riverside.id, TINY_PNG)).json<{ picture: string }>();
    expect((await get(admin, picture)).statusCode).toBe(200);
    expect((await get(manager, picture)).statusCode).toBe(404);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/users/${nurseId}/photo`, headers: { authorization: nurse.idToken }, payload: { file: 'x' } });
    expect(res.statusCode).toBe(415);
  });
});
