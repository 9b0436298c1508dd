import { davPaths } from '@kith/contracts';
import { call, eventually, type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList } from './support/api.js';
import { createAppPassword, type Dav, davFor, hrefsWithEtags, unfold, vcard } from './support/dav.js';

/** Failed Basic sign-ins allowed per window in this stack (the limiter's own test is last). */
const RATE_LIMIT = 40;

let stack: TestStack;
let owner: RegisteredUser;
let api: Api;
let dav: Dav;
let book: string;

beforeAll(async () => {
  stack = await startTestStack({
    services: ['auth', 'contacts', 'gateway'],
    env: { AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT) },
  });
  owner = await stack.registerUser();
  api = apiFor(stack, owner);
  dav = davFor(stack, owner.user.email, (await createAppPassword(api)).password);
  book = davPaths.addressBook(owner.user._id);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const contactCount = async (client: Api = api) =>
  (await client.get('/contacts?limit=1')).body.data.totalItems as number;
const syncToken = (xml: string) => /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(xml)?.[1] ?? '';
const syncCollection = (token: string, props = '<d:getetag/>') =>
  dav.report(
    book,
    `<d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop>${props}</d:prop></d:sync-collection>`,
  );

describe('app passwords', () => {
  it('are shown once, listed without the secret, stored hashed, and only for the caller', async () => {
    const created = await api.postWithStepUp('/auth/app-passwords', { name: '  Pixel 9  ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      _id: expect.any(String),
      name: 'Pixel 9',
      password: expect.stringMatching(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/),
    });
    const listed = (await api.get('/auth/app-passwords')).body.data;
    const entry = listed.find((item: { _id: string }) => item._id === created.body.data._id);
    expect(entry).toEqual({
      _id: created.body.data._id,
      name: 'Pixel 9',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.body.data.password);
    const [row] = await sql<{ password_hash: string }>(
      stack.databaseUrls.auth,
      'SELECT password_hash FROM app_passwords WHERE id = $1',
      [created.body.data._id],
    );
    expect(row!.password_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.password_hash).not.toContain(created.body.data.password);

    const stranger = apiFor(stack, await stack.registerUser());
    expect((await stranger.get('/auth/app-passwords')).body.data).toEqual([]);
    expect((await stranger.delete(`/auth/app-passwords/${created.body.data._id}`)).status).toBe(404);
    expect((await api.delete(`/auth/app-passwords/${created.body.data._id}`)).status).toBe(200);
    expect(
      (await api.get('/auth/app-passwords')).body.data.some(
        (item: { _id: string }) => item._id === created.body.data._id,
      ),
    ).toBe(false);
  });

  it('refuses a missing or too long name with a message naming the field, and needs a session', async () => {
    const blank = await api.postWithStepUp('/auth/app-passwords', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatch(/name/i);
    expect((await api.postWithStepUp('/auth/app-passwords', { name: 'x'.repeat(61) })).status).toBe(400);
    expect((await call(stack.gatewayUrl, 'GET', '/api/auth/app-passwords')).status).toBe(401);
  });

  it('sign in to /dav/ only: the account password never works there, an app password never logs in', async () => {
    const { password } = await createAppPassword(api, 'Laptop');
    expect(
      (await davFor(stack, owner.user.email, password).propfind('/dav/', '0', '<d:current-user-principal/>')).status,
    ).toBe(207);
    expect(
      (
        await davFor(stack, owner.user.email.toUpperCase(), password.replace(/-/g, '').toUpperCase()).propfind(
          '/dav/',
          '0',
          '<d:current-user-principal/>',
        )
      ).status,
    ).toBe(207);
    const withAccountPassword = await davFor(stack, owner.user.email, owner.password).propfind(
      '/dav/',
      '0',
      '<d:current-user-principal/>',
    );
    expect(withAccountPassword.status).toBe(401);
    expect(withAccountPassword.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const login = await call(stack.gatewayUrl, 'POST', '/api/auth/login', {
      body: { email: owner.user.email, password },
    });
    expect(login.status).toBe(401);
    const other = await stack.registerUser();
    expect(
      (await davFor(stack, other.user.email, password).propfind('/dav/', '0', '<d:current-user-principal/>')).status,
    ).toBe(401);
    const lastUsed = await eventually(
      async () =>
        (await api.get('/auth/app-passwords')).body.data.find((item: { name: string }) => item.name === 'Laptop')
          .lastUsedAt as string | null,
      { what: 'last used recorded' },
    );
    expect(Date.parse(lastUsed)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stop working the moment they are revoked', async () => {
    const { _id, password } = await createAppPassword(api, 'Old tablet');
    const tablet = davFor(stack, owner.user.email, password);
    expect((await tablet.propfind(book, '0', '<d:getetag/>')).status).toBe(207);
    expect((await api.delete(`/auth/app-passwords/${_id}`)).status).toBe(200);
    expect((await tablet.propfind(book, '0', '<d:getetag/>')).status).toBe(401);
  });
});

describe('discovery', () => {
  it('redirects /.well-known/carddav and leads from the root to the one address book', async () => {
    const wellKnown = await dav.request('PROPFIND', '/.well-known/carddav', { headers: { depth: '0' } });
    expect(wellKnown.status).toBe(301);
    expect(wellKnown.headers.get('location')).toBe('/dav/');

    const options = await dav.request('OPTIONS', '/dav/');
    expect(options.headers.get('dav')).toContain('addressbook');

    const root = await dav.propfind('/dav/', '0', '<d:current-user-principal/>');
    expect(root.status).toBe(207);
    const principal = /<d:current-user-principal><d:href>([^<]+)<\/d:href>/.exec(root.text)?.[1];
    expect(principal).toBe(davPaths.principal(owner.user._id));

    const home = /<card:addressbook-home-set><d:href>([^<]+)<\/d:href>/.exec(
      (await dav.propfind(principal!, '0', '<card:addressbook-home-set/>')).text,
    )?.[1];
    expect(home).toBe(davPaths.home(owner.user._id));

    const listing = await dav.propfind(
      home!,
      '1',
      '<d:resourcetype/><d:displayname/><cs:getctag/><d:sync-token/><d:supported-report-set/>',
    );
    expect(listing.text).toContain(`<d:href>${book}</d:href>`);
    expect(listing.text).toContain('<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>');
    expect(listing.text).toMatch(/<cs:getctag>&quot;\d+&quot;<\/cs:getctag>/);
    expect(listing.text).toContain('<card:addressbook-multiget/>');
    expect(listing.text).toContain('<d:sync-collection/>');
  });

  it("never shows another user's address book (404), and answers unknown properties as 404 propstats", async () => {
    const other = await stack.registerUser();
    await createContact(apiFor(stack, other), { firstName: 'Private', lastName: 'Person' });
    expect((await dav.propfind(davPaths.addressBook(other.user._id), '1', '<d:getetag/>')).status).toBe(404);
    const unknown = await dav.propfind(book, '0', '<x:nonsense xmlns:x="urn:example"/>');
    expect(unknown.text).toMatch(/<x:nonsense xmlns:x="urn:example"\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
    expect(
      (await dav.request('PROPFIND', book, { headers: { depth: '0' }, body: '<d:propfind xmlns:d="DAV:"><d:prop>' }))
        .status,
    ).toBe(400);
  });
});

describe('the address book', () => {
  it('serves every contact as a card, with its list as CATEGORIES, and sync-collection reports each later change', async () => {
    const friends = await createList(api, { name: 'Climbing friends' });
    const ann = await createContact(api, {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phoneNumber: '+1 555 0100',
      notes: 'Likes tea; and, commas',
      listId: friends._id,
    });
    const bo = await createContact(api, { firstName: 'Bo', lastName: 'Chen' });

    const first = await syncCollection('');
    expect(first.status).toBe(207);
    const token = syncToken(first.text);
    const cards = hrefsWithEtags(first.text);
    const annHref = `${book}${ann._id}.vcf`;
    expect(cards.has(annHref) && cards.has(`${book}${bo._id}.vcf`)).toBe(true);

    const card = await dav.get(annHref);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toMatch(/^text\/vcard/);
    expect(card.headers.get('etag')).toBe(cards.get(annHref));
    expect(card.text).toContain('FN:Ann Lee\r\n');
    expect(card.text).toContain('N:Lee;Ann;;;\r\n');
    expect(card.text).toContain('EMAIL;TYPE=INTERNET,PREF:ann@example.com\r\n');
    expect(card.text).toContain('TEL;TYPE=VOICE,PREF:+1 555 0100\r\n');
    expect(card.text).toContain('NOTE:Likes tea\\; and\\, commas\r\n');
    expect(card.text).toContain('CATEGORIES:Climbing friends\r\n');
    expect(card.text).toContain(`UID:${ann._id}\r\n`);
    expect((await dav.get(annHref, { 'if-none-match': card.headers.get('etag')! })).status).toBe(304);

    expect((await syncCollection(token)).text).not.toContain('<d:response>');
    await api.put(`/contacts/${ann._id}`, { phoneNumber: '+1 555 0199' });
    await api.delete(`/contacts/${bo._id}`);
    const changes = await syncCollection(token);
    expect(changes.text).toContain(
      `<d:response><d:href>${book}${bo._id}.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
    );
    const changed = hrefsWithEtags(changes.text);
    expect([...changed.keys()]).toEqual([annHref]);
    expect(changed.get(annHref)).not.toBe(cards.get(annHref));
    expect((await dav.get(annHref)).text).toContain('TEL;TYPE=VOICE,PREF:+1 555 0199\r\n');

    // Renaming the list changes its members' cards; contact bookkeeping (logging a call) does not.
    const afterEdit = syncToken(changes.text);
    await api.post(`/contacts/${ann._id}/log-contact`, { type: 'PHONE_CALL' });
    expect((await syncCollection(afterEdit)).text).not.toContain('<d:response>');
    await api.put(`/lists/${friends._id}`, { name: 'Crag crew' });
    const renamed = await syncCollection(afterEdit);
    expect([...hrefsWithEtags(renamed.text).keys()]).toEqual([annHref]);
    expect((await dav.get(annHref)).text).toContain('CATEGORIES:Crag crew\r\n');

    expect((await syncCollection('http://kith.app/ns/sync/999999999')).status).toBe(403);
    expect((await syncCollection('garbage')).text).toContain('<d:valid-sync-token/>');
  });

  it('answers addressbook-multiget (404 for unknown hrefs) and addressbook-query text matches', async () => {
    const zed = await createContact(api, { firstName: 'Zed', lastName: 'Quirk', email: 'zed@quirk.example' });
    const multiget = await dav.report(
      book,
      `<card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop><d:href>${book}${zed._id}.vcf</d:href><d:href>${book}missing.vcf</d:href></card:addressbook-multiget>`,
    );
    expect(multiget.status).toBe(207);
    // CR travels as a character reference, so an XML parser hands the client the card's CRLF intact.
    expect(multiget.text).toContain('FN:Zed Quirk&#13;\n');
    expect(multiget.text).toContain(
      `<d:response><d:href>${book}missing.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
    );

    const query = await dav.report(
      book,
      '<card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop><card:filter><card:prop-filter name="EMAIL"><card:text-match match-type="ends-with">@QUIRK.example</card:text-match></card:prop-filter></card:filter></card:addressbook-query>',
    );
    expect([...hrefsWithEtags(query.text).keys()]).toEqual([`${book}${zed._id}.vcf`]);
  });
});

describe('writes from clients', () => {
  const fullCard = (uid: string, extra: string[] = []) =>
    vcard([
      `UID:${uid}`,
      'N:Okafor;Ngozi;Adaeze;Dr.;PhD',
      'FN:Dr. Ngozi Adaeze Okafor PhD',
      'ORG:Lagos Health Lab',
      'item1.EMAIL;TYPE=INTERNET,pref:ngozi@lab.example',
      'item1.X-ABLabel:work',
      'EMAIL;TYPE=HOME:ngozi@home.example',
      'TEL;TYPE=CELL:+234 801 000 0000',
      'ADR;TYPE=HOME:;;12 Marina Rd;Lagos;;101001;Nigeria',
      'BDAY:1984-03-09',
      'NOTE:Met at the conference',
      'CATEGORIES:Colleagues,Conference 2025',
      'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgK',
      'IMPP;X-SERVICE-TYPE=Skype:skype:ngozi.okafor',
      'ADR;TYPE=WORK:;;1 Lab Way;Ibadan;;;Nigeria',
      'X-CUSTOM-THING;X-PARAM="a:b":kept verbatim',
      ...extra,
    ]);
  /** What Kith does not model in fullCard: it must come back as the client wrote it, whatever Kith edits. */
  const UNMODELLED = [
    'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgK',
    'IMPP;X-SERVICE-TYPE=Skype:skype:ngozi.okafor',
    'ADR;TYPE=WORK:;;1 Lab Way;Ibadan;;;Nigeria',
    'X-CUSTOM-THING;X-PARAM="a:b":kept verbatim',
  ];

  it('creates, replaces and deletes cards with ETag preconditions, and keeps what Kith does not model', async () => {
    const colleagues = await createList(api, { name: 'Colleagues' });
    const path = `${book}ngozi-1.vcf`;
    const created = await dav.put(path, fullCard('ngozi-1'), { 'if-none-match': '*' });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toMatch(/^"\d+"$/); // stored exactly as sent
    expect((await dav.put(path, fullCard('ngozi-1'), { 'if-none-match': '*' })).status).toBe(412);

    const { items } = (await api.get('/contacts?search=ngozi')).body.data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      firstName: 'Ngozi',
      lastName: 'Okafor',
      email: 'ngozi@lab.example',
      emails: [{ label: 'home', value: 'ngozi@home.example' }],
      phoneNumber: '+234 801 000 0000',
      phones: [],
      company: 'Lagos Health Lab',
      address: '12 Marina Rd',
      city: 'Lagos',
      postalCode: '101001',
      country: 'Nigeria',
      birthday: '1984-03-09',
      notes: 'Met at the conference',
      listId: colleagues._id,
    });

    // Round trip: unchanged in Kith ⇒ the very bytes the client wrote, with the same ETag.
    const served = await dav.get(path);
    expect(served.text).toBe(fullCard('ngozi-1'));
    expect(served.headers.get('etag')).toBe(created.headers.get('etag'));

    // Edited in Kith ⇒ the edited fields' properties take the new values (keeping their TYPE),
    // everything else is verbatim, the unmodelled properties included.
    await api.put(`/contacts/${items[0]._id}`, {
      phoneNumber: '+234 802 222 2222',
      notes: 'Met at the conference\nFollow up in May',
      company: 'Lagos University Teaching Hospital',
      listId: null,
    });
    const patched = await dav.get(path);
    expect(patched.headers.get('etag')).not.toBe(created.headers.get('etag'));
    for (const line of [
      ...UNMODELLED,
      'item1.X-ABLabel:work',
      'EMAIL;TYPE=HOME:ngozi@home.example',
      'ADR;TYPE=HOME:;;12 Marina Rd;Lagos;;101001;Nigeria',
      'BDAY:1984-03-09',
      'N:Okafor;Ngozi;Adaeze;Dr.;PhD',
      'FN:Dr. Ngozi Adaeze Okafor PhD',
      'item1.EMAIL;TYPE=INTERNET,pref:ngozi@lab.example',
      'TEL;TYPE=CELL:+234 802 222 2222',
      'NOTE:Met at the conference\\nFollow up in May',
      'ORG:Lagos University Teaching Hospital',
      'CATEGORIES:Conference 2025',
    ]) {
      expect(unfold(patched.text)).toContain(line);
    }

    // A stale If-Match is refused and changes nothing; the current one wins.
    const stale = await dav.put(path, fullCard('ngozi-1', ['NICKNAME:Stale']), {
      'if-match': created.headers.get('etag')!,
    });
    expect(stale.status).toBe(412);
    expect((await dav.get(path)).text).not.toContain('NICKNAME');
    expect(
      (await dav.put(path, fullCard('ngozi-1', ['NICKNAME:Ngo']), { 'if-match': patched.headers.get('etag')! })).status,
    ).toBe(204);
    expect((await api.get(`/contacts/${items[0]._id}`)).body.data).toMatchObject({
      phoneNumber: '+234 801 000 0000',
      company: 'Lagos Health Lab',
      listId: colleagues._id,
    });

    const current = (await dav.get(path)).headers.get('etag')!;
    expect((await dav.delete(path, { 'if-match': '"1"' })).status).toBe(412);
    expect((await dav.delete(path, { 'if-match': current })).status).toBe(204);
    expect((await api.get(`/contacts/${items[0]._id}`)).status).toBe(404);
    expect((await dav.get(path)).status).toBe(404);
  });

  it('shows every field of a client’s card through the API: ORG, TITLE, ADR, BDAY with and without a year, URL, two TEL, two EMAIL', async () => {
    const cards = {
      withYear: vcard([
        'UID:fields-1',
        'N:Haddad;Rania;;;',
        'FN:Rania Haddad',
        'ORG:Cedar Labs;Research',
        'TITLE:Principal Engineer',
        'TEL;TYPE=CELL,pref:+961 3 123 456',
        'TEL;TYPE=WORK:+961 1 987 654',
        'EMAIL;TYPE=INTERNET,pref:rania@cedar.example',
        'item1.EMAIL;TYPE=INTERNET:rania@home.example',
        'item1.X-ABLabel:Personal',
        'ADR;TYPE=WORK:;Floor 3;Hamra St 10;Beirut;;1103;Lebanon',
        'URL:https://rania.example',
        'BDAY:1988-11-02',
      ]),
      withoutYear: vcard([
        'UID:fields-2',
        'N:Haddad;Karim;;;',
        'FN:Karim Haddad',
        'BDAY;X-APPLE-OMIT-YEAR=1604:1604-02-29',
      ]),
      v4WithoutYear: [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'UID:urn:uuid:7d2b1f3a-0a4e-4f7e-9f55-2f1d1b0c9a10',
        'FN:Lina Haddad',
        'N:Haddad;Lina;;;',
        'BDAY:--0704',
        'TEL;VALUE=uri;TYPE=cell:tel:+961-70-000-111',
        'END:VCARD',
        '',
      ].join('\r\n'),
    };
    for (const [name, body] of Object.entries(cards))
      expect((await dav.put(`${book}${name}.vcf`, body, { 'if-none-match': '*' })).status).toBe(201);
    const byName = async (firstName: string) =>
      (await api.get(`/contacts?search=${firstName}`)).body.data.items.find(
        (contact: { firstName: string }) => contact.firstName === firstName,
      );
    expect(await byName('Rania')).toMatchObject({
      lastName: 'Haddad',
      company: 'Cedar Labs, Research',
      jobTitle: 'Principal Engineer',
      phoneNumber: '+961 3 123 456',
      phones: [{ label: 'work', value: '+961 1 987 654' }],
      email: 'rania@cedar.example',
      emails: [{ label: 'personal', value: 'rania@home.example' }],
      address: 'Floor 3\nHamra St 10',
      city: 'Beirut',
      region: null,
      postalCode: '1103',
      country: 'Lebanon',
      website: 'https://rania.example',
      birthday: '1988-11-02',
    });
    expect(await byName('Karim')).toMatchObject({ birthday: '--02-29' });
    expect(await byName('Lina')).toMatchObject({ birthday: '--07-04', phoneNumber: '+961-70-000-111' });
    // Nothing Kith changed: each card is served back as sent.
    for (const [name, body] of Object.entries(cards)) expect((await dav.get(`${book}${name}.vcf`)).text).toBe(body);
  });

  it('serves a contact created and then edited in Kith with every field, which a client reads back the same', async () => {
    const made = await createContact(api, {
      firstName: 'Tomás',
      lastName: 'Ibarra',
      email: 'tomas@ibarra.example',
      emails: [{ label: 'work', value: 'tibarra@studio.example' }],
      phoneNumber: '+34 600 000 001',
      phones: [{ label: 'studio', value: '+34 910 000 002' }],
      company: 'Ibarra; Estudio, SL',
      jobTitle: 'Architect',
      address: 'Calle Mayor 1\n28013 Madrid\nSpain',
      website: 'https://ibarra.example',
      birthday: '1979-06-21',
      notes: 'Designs houses',
    });
    const path = `${book}${made._id}.vcf`;
    const first = await dav.get(path);
    const lines = unfold(first.text);
    for (const line of [
      `UID:${made._id}`,
      'FN:Tomás Ibarra',
      'N:Ibarra;Tomás;;;',
      'EMAIL;TYPE=INTERNET,PREF:tomas@ibarra.example',
      'TEL;TYPE=VOICE,PREF:+34 600 000 001',
      'item1.TEL:+34 910 000 002',
      'item1.X-ABLabel:studio',
      'item2.EMAIL;TYPE=INTERNET:tibarra@studio.example',
      'item2.X-ABLabel:work',
      'ORG:Ibarra\\; Estudio\\, SL',
      'TITLE:Architect',
      'ADR:;;Calle Mayor 1\\n28013 Madrid\\nSpain;;;;',
      'URL:https://ibarra.example',
      'BDAY:1979-06-21',
      'NOTE:Designs houses',
    ])
      expect(lines).toContain(line);

    // An edit in Kith (year-less birthday, one phone more, no website) is the next version of the card.
    await api.put(`/contacts/${made._id}`, {
      birthday: '--06-21',
      website: null,
      phones: [
        { label: 'studio', value: '+34 910 000 002' },
        { label: 'mobile', value: '+34 600 000 009' },
      ],
    });
    const edited = await dav.get(path);
    expect(edited.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(unfold(edited.text)).toContain('BDAY;X-APPLE-OMIT-YEAR=1604:1604-06-21');
    expect(edited.text).not.toContain('URL:');

    // A client that stores the card and PUTs it back unchanged changes nothing in Kith.
    const before = (await api.get(`/contacts/${made._id}`)).body.data;
    expect((await dav.put(path, edited.text, { 'if-match': edited.headers.get('etag')! })).status).toBe(204);
    const after = (await api.get(`/contacts/${made._id}`)).body.data;
    const { updatedAt: _before, ...beforeFields } = before;
    const { updatedAt: _after, ...afterFields } = after;
    expect(afterFields).toEqual(beforeFields);
    expect(after.phones).toEqual([
      { label: 'studio', value: '+34 910 000 002' },
      { label: 'mobile', value: '+34 600 000 009' },
    ]);
  });

  it('keeps a client’s unmodelled properties when Kith edits any field of its card', async () => {
    const path = `${book}ngozi-2.vcf`;
    expect((await dav.put(path, fullCard('ngozi-2'), { 'if-none-match': '*' })).status).toBe(201);
    const [contact] = (await api.get('/contacts?search=ngozi@lab')).body.data.items;
    for (const change of [
      { firstName: 'Ngozika' },
      { birthday: '--03-09' },
      { address: '3 New Rd', city: 'Abuja', postalCode: null },
      { website: 'https://ngozi.example' },
      { jobTitle: 'Director' },
      { emails: [] },
      { phones: [{ label: 'lab', value: '+234 1 000 0000' }] },
    ]) {
      expect((await api.put(`/contacts/${contact._id}`, change)).status).toBe(200);
      const lines = unfold((await dav.get(path)).text);
      for (const line of UNMODELLED) expect(lines).toContain(line);
    }
    const served = (await dav.get(path)).text;
    expect(unfold(served)).toContain('N:Okafor;Ngozika;Adaeze;Dr.;PhD');
    // The address's parts Kith changed are written; the one it left (the country) stays.
    expect(unfold(served)).toContain('ADR;TYPE=HOME:;;3 New Rd;Abuja;;;Nigeria');
    expect(served).not.toContain('ngozi@home.example');
    // What the phone now reads is what Kith holds.
    const check = await api.upload('/contacts/import/parse', [{ field: 'vcfFile', name: 'card.vcf', content: served }]);
    const { isValid: _valid, isDuplicate: _duplicate, reason: _reason, ...read } = check.body.data.contacts[0];
    const kept = (await api.get(`/contacts/${contact._id}`)).body.data;
    for (const [field, value] of Object.entries(read))
      if (field !== 'listName') expect([field, kept[field]]).toEqual([field, value]);
  });

  it('refuses a card with no usable name (or a second card with the same UID) with a clear 4xx, storing nothing', async () => {
    const before = await contactCount();
    const nameless = await dav.put(`${book}nameless.vcf`, vcard(['UID:nameless', 'NOTE:who is this?']));
    expect(nameless.status).toBe(403);
    expect(nameless.text).toContain('<card:valid-address-data/>');
    expect(nameless.text).toMatch(/firstName: A card needs a name, a company or a phone number/);
    const tooLong = await dav.put(`${book}long.vcf`, vcard(['UID:long', `N:${'x'.repeat(101)};Y;;;`]));
    expect(tooLong.status).toBe(403);
    expect(tooLong.text).toMatch(/lastName/);
    expect((await dav.put(`${book}not-a-card.vcf`, 'hello')).status).toBe(403);

    expect((await dav.put(`${book}uid-a.vcf`, vcard(['UID:same-uid', 'FN:First Holder']))).status).toBe(201);
    const clash = await dav.put(`${book}uid-b.vcf`, vcard(['UID:same-uid', 'FN:Second Holder']));
    expect(clash.status).toBe(409);
    expect(clash.text).toContain('<card:no-uid-conflict/>');
    expect(await contactCount()).toBe(before + 1);
  });

  it('stores all of 1 000 cards uploaded at once, and lists each exactly once', async () => {
    const bulkUser = await stack.registerUser();
    const bulkApi = apiFor(stack, bulkUser);
    const bulk = davFor(stack, bulkUser.user.email, (await createAppPassword(bulkApi)).password);
    const bulkBook = davPaths.addressBook(bulkUser.user._id);
    const started = Date.now();
    const statuses: number[] = [];
    const queue = Array.from({ length: 1000 }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const uid = `bulk-${i}`;
          const answer = await bulk.put(
            `${bulkBook}${uid}.vcf`,
            vcard([
              `UID:${uid}`,
              `N:Person${i};Bulk;;;`,
              `FN:Bulk Person${i}`,
              `TEL:+1 555 ${String(i).padStart(4, '0')}`,
            ]),
            { 'if-none-match': '*' },
          );
          statuses.push(answer.status);
        }
      }),
    );
    console.log(`1000 CardDAV PUTs through the gateway (8 at a time): ${Date.now() - started} ms`);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1000);
    expect(await contactCount(bulkApi)).toBe(1000);
    const listing = await bulk.propfind(bulkBook, '1', '<d:getetag/><d:getcontenttype/>');
    expect(hrefsWithEtags(listing.text).size).toBe(1000);
  }, 300_000);
});

describe('rate limiting', () => {
  it('limits failed Basic sign-ins like login, counting neither credential-less challenges nor successes', async () => {
    for (let i = 0; i < 5; i++)
      expect((await fetch(`${stack.gatewayUrl}/dav/`, { method: 'PROPFIND' })).status).toBe(401);
    const wrong = davFor(stack, owner.user.email, 'not-the-password');
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++)
      statuses.push((await wrong.propfind('/dav/', '0', '<d:current-user-principal/>')).status);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
  });
});
