import {
  CITIZEN_CATEGORIES,
  citizenCategory,
  citizenState,
  citizenSteps,
  maskPhone,
  open311Status,
  qrTokenOf,
} from './citizen';

const SIG = 'abcdefghijklmnopqrstuv';

describe('the citizen fault list', () => {
  it('has unique codes, a map fault type and three languages each', () => {
    const codes = CITIZEN_CATEGORIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of CITIZEN_CATEGORIES) {
      expect(c.typeCode).toMatch(/^[a-zA-Z]+$/);
      expect(c.name.zh && c.name.zhtw && c.name.en).toBeTruthy();
    }
  });
  it('marks the dangerous ones urgent (1 h) and the rest general (24 h)', () => {
    const danger = CITIZEN_CATEGORIES.filter((c) => c.danger).map((c) => c.code);
    expect(danger.sort()).toEqual(['lanternHanging', 'poleDamaged', 'wiresExposed']);
    for (const c of CITIZEN_CATEGORIES) expect(c.urgency).toBe(c.danger ? 3 : 1);
    expect(citizenCategory('poleDamaged')?.typeCode).toBe('poleTilt');
    expect(citizenCategory('nope')).toBeUndefined();
  });
});

describe('citizenSteps', () => {
  it('is received until a crew is dispatched (an order waiting for approval included)', () => {
    const s = citizenSteps(100, null, {
      dispatchedAt: null,
      startedAt: null,
      completedAt: null,
      verifiedAt: null,
    });
    expect(citizenState(s)).toBe('received');
    expect(s.map((x) => x.at)).toEqual([100, null, null, null, null]);
    expect(citizenState(citizenSteps(100, null, null))).toBe('received');
  });
  it('follows the order through dispatched, in progress, fixed and verified', () => {
    const o = { dispatchedAt: 200, startedAt: null, completedAt: null, verifiedAt: null };
    expect(citizenState(citizenSteps(100, null, o))).toBe('dispatched');
    expect(citizenState(citizenSteps(100, null, { ...o, startedAt: 300 }))).toBe('inProgress');
    expect(citizenState(citizenSteps(100, 400, { ...o, startedAt: 300, completedAt: 400 }))).toBe('fixed');
    const v = citizenSteps(100, 400, { ...o, startedAt: 300, completedAt: 400, verifiedAt: 500 });
    expect(citizenState(v)).toBe('verified');
    expect(v.map((x) => x.at)).toEqual([100, 200, 300, 400, 500]);
  });
  it('reads a fault closed by another order as fixed, filling the steps before it', () => {
    const s = citizenSteps(100, 900, null);
    expect(citizenState(s)).toBe('fixed');
    expect(s.map((x) => x.at)).toEqual([100, 900, 900, 900, null]);
  });
});

describe('open311Status', () => {
  it('maps fixed and verified to closed, the rest to open', () => {
    expect(open311Status('received')).toBe('open');
    expect(open311Status('dispatched')).toBe('open');
    expect(open311Status('inProgress')).toBe('open');
    expect(open311Status('fixed')).toBe('closed');
    expect(open311Status('verified')).toBe('closed');
  });
});

describe('qrTokenOf', () => {
  it('reads the token from our plate URL, absolute or relative', () => {
    expect(qrTokenOf(`https://city.example/bt/gzh/repair/repair-report?qr=LD-0001.${SIG}`)).toBe(
      `LD-0001.${SIG}`,
    );
    expect(qrTokenOf(`/bt/gzh/repair/repair-report?x=1&qr=LD-0001.${SIG}#a`)).toBe(`LD-0001.${SIG}`);
    expect(qrTokenOf(`  LD-0001.${SIG} `)).toBe(`LD-0001.${SIG}`);
  });
  it('refuses other texts', () => {
    expect(qrTokenOf('https://example.com/')).toBeNull();
    expect(qrTokenOf('hello world')).toBeNull();
    expect(qrTokenOf(`LD 0001.${SIG}`)).toBeNull();
    expect(qrTokenOf(`LD-0001.${SIG}x`)).toBeNull();
    expect(qrTokenOf('')).toBeNull();
  });
});

it('masks a phone number', () => {
  expect(maskPhone('13800001234')).toBe('138****1234');
});
