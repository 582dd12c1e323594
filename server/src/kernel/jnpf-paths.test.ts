import { bodyIdProblem } from './jnpf-paths';

describe('bodyIdProblem: the id a JNPF 3.x form sends in its body', () => {
  it("accepts none or '' when creating, refuses any other", () => {
    expect(bodyIdProblem(undefined, null)).toBeNull();
    expect(bodyIdProblem('', null)).toBeNull();
    expect(bodyIdProblem('m-1', null)).toBe('id: 新建时不能指定');
  });
  it("accepts none, '' or the edited row's own when saving, refuses another", () => {
    expect(bodyIdProblem(undefined, 'm-1')).toBeNull();
    expect(bodyIdProblem('', 'm-1')).toBeNull();
    expect(bodyIdProblem('m-1', 'm-1')).toBeNull();
    expect(bodyIdProblem('m-2', 'm-1')).toBe('id: 与地址中的 id 不一致');
  });
});
