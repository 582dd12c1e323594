import { createNode, type FlowDefinition, type FlowProblem } from '@lighting/shared/flowcore';
import { exportFileName, flowJson, langOf, parseFlow, problemsByNode } from './transfer';
import { blankDefinition } from './designState';

const ids = () => {
  let i = 0;
  return () => `n${i++}`;
};

describe('parseFlow', () => {
  it('reads a saved definition and normalises it', () => {
    const def = blankDefinition('发起人', '审批人', ids());
    const parsed = parseFlow(flowJson(def));
    expect(parsed.ok && parsed.def.childNode?.nodeId).toBe('n1');
  });

  it('refuses text that is not JSON or not a tree', () => {
    expect(parseFlow('{').ok).toBe(false);
    const notStart = parseFlow(JSON.stringify(createNode('approver', 'a')));
    expect(notStart.ok).toBe(false);
    expect(!notStart.ok && notStart.problems?.[0]?.code).toBe('notStart');
    const shape = parseFlow(JSON.stringify({ type: 'start', nodeId: 's', properties: {}, childNode: 5 }));
    expect(!shape.ok && shape.problems?.[0]?.code).toBe('shape');
  });

  it('reads the definition inside a JNPF 3.x flow export file (.ffe)', () => {
    const def = blankDefinition('发起人', '审批人', ids());
    // the 3.x server's export: {flowEngine: the engine entity, its definition as text; visibleList}
    const ffe = JSON.stringify({
      flowEngine: {
        id: '3891',
        enCode: 'repairDispatch',
        fullName: '维修派工',
        type: 0,
        category: 'ops',
        formType: 1,
        visibleType: 0,
        enabledMark: 1,
        flowTemplateJson: JSON.stringify(def),
        formData: '',
      },
      visibleList: [],
    });
    const parsed = parseFlow(ffe);
    expect(parsed).toEqual(parseFlow(flowJson(def)));
    expect(parseFlow(JSON.stringify({ flowEngine: { flowTemplateJson: '{' } })).ok).toBe(false);
  });

  it('accepts a tree with settings still missing (they are marked, not refused)', () => {
    const def = blankDefinition('S', 'A', ids()) as FlowDefinition;
    expect(parseFlow(JSON.stringify(def)).ok).toBe(true);
  });
});

describe('export and problems', () => {
  it('names the file after the code', () => {
    expect(exportFileName('repairOrder')).toBe('repairOrder.flow.json');
    expect(exportFileName('../a b')).toBe('a_b.flow.json');
    expect(exportFileName('')).toBe('flow.flow.json');
  });
  it('groups problem texts by node in the language shown', () => {
    const p = (nodeId: string, zh: string): FlowProblem => ({
      nodeId,
      code: 'noAssignee',
      message: zh,
      text: { zh, zhtw: zh, en: `en ${zh}` },
    });
    const m = problemsByNode([p('a', '一'), p('a', '二'), p('', '整体')], 'en');
    expect(m.get('a')).toEqual(['en 一', 'en 二']);
    expect(m.get('')).toEqual(['en 整体']);
    expect(langOf('zhtw')).toBe('zhtw');
    expect(langOf('zh-CN')).toBe('zh');
  });
});
