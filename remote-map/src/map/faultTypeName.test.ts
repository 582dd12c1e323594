import i18next from 'i18next';
import { faultTypeName } from './faultTypeName';

describe('faultTypeName', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    ns: ['map'],
    defaultNS: 'map',
    initAsync: false,
    resources: { en: { map: { wall: { faultType: { lampOff: 'Lamp out' } } } } },
  });
  const t = i18n.getFixedT('en', 'map');

  it('names a fault type by its code in the language shown', () => {
    expect(faultTypeName(t, 'lampOff', '灯具不亮')).toBe('Lamp out');
  });

  it('keeps the name the server sent for a code without a translation, or no code', () => {
    expect(faultTypeName(t, 'newKind', '新故障')).toBe('新故障');
    expect(faultTypeName(t, '', '其他')).toBe('其他');
  });
});
