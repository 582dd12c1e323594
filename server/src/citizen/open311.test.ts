import { CITIZEN_CATEGORIES } from '@lighting/shared/core';
import { withoutEmpty } from '../http/empty-args';
import {
  OPEN311_SERVICES,
  codesIn,
  STATE_NOTES,
  open311Request,
  parseW3c,
  requestSelection,
  serviceDefinition,
  serviceNotice,
  showsPrivateParts,
  w3c,
} from './open311';

const facts = {
  refNo: 'BX202611230001',
  category: 'notLit',
  state: 'received' as const,
  description: '不亮',
  agency: '抢修一队',
  createdAt: Date.UTC(2026, 10, 23, 2, 0, 0),
  updatedAt: Date.UTC(2026, 10, 23, 3, 0, 0),
  expectedAt: Date.UTC(2026, 10, 24, 2, 0, 0),
  urgency: 1,
  address: '东城区人民路',
  poleCode: 'PL-000001',
  lat: 30.1,
  lng: 120.2,
  mediaUrl: '',
};

describe('Open311 mapping', () => {
  it('lists every citizen category as a service', () => {
    expect(OPEN311_SERVICES.map((s) => s.service_code)).toEqual(CITIZEN_CATEGORIES.map((c) => c.code));
    for (const s of OPEN311_SERVICES) {
      expect(s.type).toBe('realtime');
      expect(s.metadata).toBe(true);
      expect(s.service_name).toBeTruthy();
    }
    expect(serviceDefinition('notLit').attributes[0]?.code).toBe('pole_code');
  });
  it('writes a request with open/closed, notes and W3C dates in China time', () => {
    const r = open311Request(facts);
    expect(r).toMatchObject({
      service_request_id: 'BX202611230001',
      status: 'open',
      status_notes: STATE_NOTES.received,
      service_code: 'notLit',
      requested_datetime: '2026-11-23T10:00:00+08:00',
      expected_datetime: '2026-11-24T10:00:00+08:00',
      address_id: 'PL-000001',
      lat: 30.1,
      long: 120.2,
    });
    expect(Object.keys(r)).not.toContain('phone');
    expect(open311Request({ ...facts, state: 'fixed' }).status).toBe('closed');
    expect(open311Request({ ...facts, state: 'verified' }).status).toBe('closed');
    expect(open311Request({ ...facts, state: 'inProgress' }).status).toBe('open');
  });
  it('leaves out the words and the link unless the caller may read them', () => {
    const shown = open311Request({ ...facts, mediaUrl: 'https://x.example/a.jpg' }, true);
    expect(shown).toMatchObject({ description: '不亮', media_url: 'https://x.example/a.jpg' });
    const hidden = open311Request({ ...facts, mediaUrl: 'https://x.example/a.jpg' });
    expect(hidden).not.toHaveProperty('description');
    expect(hidden).not.toHaveProperty('media_url');
    // only the key that filed an Open311 request; a citizen's report to nobody through Open311
    expect(showsPrivateParts({ channel: 'open311', open311KeyId: 'k1' }, 'k1')).toBe(true);
    expect(showsPrivateParts({ channel: 'open311', open311KeyId: 'k1' }, 'k2')).toBe(false);
    expect(showsPrivateParts({ channel: 'open311', open311KeyId: 'k1' }, null)).toBe(false);
    expect(showsPrivateParts({ channel: 'nowx', open311KeyId: null }, 'k1')).toBe(false);
    expect(showsPrivateParts({ channel: 'gzh', open311KeyId: null }, null)).toBe(false);
  });
  it('says the target of the urgency the fault has, whatever the category', () => {
    expect(serviceNotice(3)).toMatch(/1 小时/);
    expect(serviceNotice(2)).toMatch(/3 个工作日/);
    expect(serviceNotice(1)).toMatch(/24 小时/);
    // a general category whose fault is handled as an emergency says so
    expect(open311Request({ ...facts, category: 'notLit', urgency: 3 }).service_notice).toMatch(/1 小时/);
    expect(open311Request({ ...facts, category: 'poleDamaged', urgency: 1 }).service_notice).toMatch(
      /24 小时/,
    );
  });
  it('reads W3C dates with or without time and zone', () => {
    expect(parseW3c('2026-11-23')).toBe(Date.UTC(2026, 10, 22, 16));
    expect(parseW3c('2026-11-23T10:00:00+08:00')).toBe(Date.UTC(2026, 10, 23, 2));
    expect(parseW3c('2026-11-23T02:00:00Z')).toBe(Date.UTC(2026, 10, 23, 2));
    expect(parseW3c('yesterday')).toBeNull();
    expect(w3c(parseW3c('2026-01-02T03:04:05+08:00') ?? 0)).toBe('2026-01-02T03:04:05+08:00');
  });
});

describe('Open311 arguments', () => {
  const now = Date.UTC(2026, 10, 29, 4, 0, 0);
  const isService = (c: string) => c === 'notLit' || c === 'flashing';

  it('treats an argument given empty as absent', () => {
    expect(withoutEmpty({ status: '', start_date: '  ', service_code: 'notLit', lat: 0 })).toEqual({
      service_code: 'notLit',
      lat: 0,
    });
  });

  it('service_request_id selects those requests and overrides every other filter', () => {
    expect(
      requestSelection(
        { service_request_id: 'BX1, BX2', service_code: 'nope', start_date: 'junk', status: 'open' },
        now,
        isService,
      ),
    ).toEqual({ kind: 'ids', ids: ['BX1', 'BX2'] });
    expect(requestSelection({ service_request_id: Array(51).fill('x').join(',') }, now, isService)).toEqual({
      status: 400,
      msg: 'service_request_id: at most 50',
    });
  });

  it('otherwise the last 90 days, the services (unknown: 404) and the statuses', () => {
    expect(requestSelection({}, now, isService)).toEqual({
      kind: 'filter',
      codes: [],
      statuses: [],
      start: now - 90 * 86_400_000,
      end: now,
    });
    expect(requestSelection({ service_code: 'notLit,nope' }, now, isService)).toEqual({
      status: 404,
      msg: 'service_code: nope is not a service',
    });
    expect(
      requestSelection({ status: 'open,closed', service_code: 'flashing' }, now, isService),
    ).toMatchObject({
      codes: ['flashing'],
      statuses: ['open', 'closed'],
    });
  });

  it('refuses dates it cannot read and spans over 90 days, naming the argument', () => {
    expect(requestSelection({ end_date: 'yesterday' }, now, isService)).toMatchObject({
      status: 400,
      msg: /^end_date/,
    });
    expect(requestSelection({ start_date: '2026-13-01' }, now, isService)).toMatchObject({ status: 400 });
    expect(
      requestSelection({ start_date: '2026-01-01', end_date: '2026-06-01' }, now, isService),
    ).toMatchObject({ status: 400, msg: /^start_date: the span/ });
    expect(
      requestSelection({ start_date: '2026-11-20', end_date: '2026-11-10' }, now, isService),
    ).toMatchObject({ msg: 'end_date: before start_date' });
  });
});

describe('Open311 address_string', () => {
  it('finds the pole and light numbers an address names, in order', () => {
    expect(codesIn('解放路 pl-000123 旁，对面 LP-004512')).toEqual(['PL-000123', 'LP-004512']);
    expect(codesIn('PL-000123')).toEqual(['PL-000123']);
    // house numbers, phone numbers and parts of longer words are not asset numbers
    expect(codesIn('解放路 12 号, tel 0571-88886666, XPL-0001234A')).toEqual([]);
    expect(codesIn('')).toEqual([]);
  });
});
