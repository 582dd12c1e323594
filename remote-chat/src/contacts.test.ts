import { filterContacts, type Contact } from './contacts';

const people: Contact[] = [
  { id: '1', realName: '张伟', account: 'zhangwei', quickQuery: 'ZW' },
  { id: '2', realName: '李娜', account: 'lina', quickQuery: 'LN' },
  { id: '3', realName: '王强', account: 'admin', quickQuery: 'WQ' },
];

describe('filterContacts', () => {
  it('drops self', () => {
    expect(filterContacts(people, '', '3').map((u) => u.id)).toEqual(['1', '2']);
  });
  it('matches a substring of real name, account or quick query, ignoring case', () => {
    expect(filterContacts(people, '娜').map((u) => u.id)).toEqual(['2']);
    expect(filterContacts(people, 'ZHANG').map((u) => u.id)).toEqual(['1']);
    expect(filterContacts(people, 'wq').map((u) => u.id)).toEqual(['3']);
  });
  it('returns nobody when nothing matches', () => {
    expect(filterContacts(people, 'xyz')).toEqual([]);
  });
});
