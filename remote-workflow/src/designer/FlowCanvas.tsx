// The flow drawn as its nested tree (DingTalk style): a column of node cards joined by a line, a
// branch group as columns between two bars, "流程结束" at the bottom. In edit mode the line
// between two nodes holds the + that adds a node there, cards have × and branch groups their
// "add a branch" button; invalid nodes (flowcore's validateFlow) are outlined red with the reasons.
// In view mode (the task page's chart) cards are coloured by their state. Laid out by the
// browser's flexbox; `zoom` scales it with layout (so the scroll box follows).
import { useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import Popover from 'antd/es/popover';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import LeftOutlined from '@ant-design/icons/es/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import WarningFilled from '@ant-design/icons/es/icons/WarningFilled';
import { useTranslation } from 'react-i18next';
import {
  NodeState,
  branchKindOf,
  isHolder,
  type FlowDefinition,
  type FlowNode,
  type NodeStateValue,
} from '@lighting/shared/flowcore';
import '../i18n';

export type AddChoice = 'approver' | 'copy' | 'timer' | 'subFlow' | 'condition' | 'interflow';

export interface FlowCanvasProps {
  def: FlowDefinition;
  mode: 'edit' | 'view';
  /** percent */
  zoom?: number;
  /** nodeId → the reasons it cannot be released */
  problems?: ReadonlyMap<string, readonly string[]>;
  /** view mode: each node's state (the task's nodes) */
  states?: ReadonlyMap<string, NodeStateValue>;
  selected?: string | null;
  /** the card's line under its title; null: "please set" in red */
  summary: (node: FlowNode) => ReactNode | null;
  /** a small tag beside the title (countersign…) */
  tag?: (node: FlowNode) => ReactNode | null;
  onSelect?: (nodeId: string) => void;
  onAdd?: (afterId: string, what: AddChoice) => void;
  onAddBranch?: (holderId: string) => void;
  onRemove?: (nodeId: string) => void;
  onMoveBranch?: (branchId: string, toIndex: number) => void;
}

const BG = '#f5f6f8';
const LINE = '#cacaca';
const HEAD: Record<string, string> = {
  start: '#576a95',
  approver: '#ff943e',
  copy: '#3296fa',
  timer: '#13c2c2',
  subFlow: '#722ed1',
  condition: '#ffffff',
};
const STATE_COLOR: Record<number, string> = {
  [NodeState.DONE]: '#52c41a',
  [NodeState.ACTIVE]: '#1890ff',
  [NodeState.REJECTED]: '#f5222d',
  [NodeState.SKIPPED]: '#bfbfbf',
};

const CSS = `
.wf-canvas{display:flex;flex-direction:column;align-items:center;padding:24px 40px 40px;min-width:max-content}
.wf-chain{position:relative;display:flex;flex-direction:column;align-items:center;flex:1 0 auto}
.wf-chain::before{content:'';position:absolute;left:50%;top:0;bottom:0;width:2px;margin-left:-1px;background:${LINE};z-index:0}
.wf-node{position:relative;z-index:1;width:220px;background:#fff;border-radius:6px;box-shadow:0 2px 5px rgba(0,0,0,.12);cursor:pointer;text-align:left;border:2px solid transparent}
.wf-node:hover{border-color:#3296fa}
.wf-node.wf-selected{border-color:#1677ff;box-shadow:0 0 0 3px rgba(22,119,255,.2)}
.wf-node.wf-invalid{border-color:#f5222d}
.wf-node-head{display:flex;align-items:center;gap:6px;padding:4px 10px;font-size:12px;color:#fff;border-radius:4px 4px 0 0;min-height:26px}
.wf-node-title{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.wf-node-body{padding:10px;font-size:13px;line-height:1.5;color:#333;overflow-wrap:anywhere;display:flex;gap:6px;align-items:flex-start}
.wf-node-body .wf-text{flex:1;min-width:0;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.wf-unset{color:#f5222d}
.wf-x{visibility:hidden;color:inherit;cursor:pointer;font-size:12px;padding:2px}
.wf-node:hover .wf-x,.wf-node:focus-within .wf-x{visibility:visible}
.wf-warn{position:absolute;right:-26px;top:50%;transform:translateY(-50%);color:#f5222d;font-size:18px}
.wf-gap{position:relative;z-index:1;height:64px;display:flex;align-items:center;justify-content:center}
.wf-gap-short{height:28px}
.wf-add{width:28px;height:28px;border-radius:50%;border:none;background:#3296fa;color:#fff;cursor:pointer;box-shadow:0 2px 4px rgba(0,0,0,.15);display:flex;align-items:center;justify-content:center}
.wf-add:hover{transform:scale(1.12)}
.wf-group{position:relative;display:flex;flex-direction:column;align-items:center;width:100%}
.wf-add-branch{position:absolute;top:0;left:50%;transform:translate(-50%,-50%);z-index:2;border-radius:14px;border:1px solid ${LINE};background:#fff;color:#3296fa;padding:3px 12px;font-size:12px;cursor:pointer;white-space:nowrap}
.wf-branches{display:flex;align-items:stretch;border-top:2px solid ${LINE};border-bottom:2px solid ${LINE}}
.wf-branch{position:relative;display:flex;flex-direction:column;align-items:center;padding:0 24px;background:${BG}}
.wf-mask{position:absolute;width:50%;height:4px;background:${BG};z-index:1}
.wf-cond .wf-node-head{color:#15bc83;border-bottom:1px solid #f0f0f0}
.wf-prio{color:#999;font-size:12px}
.wf-move{color:#999;cursor:pointer;padding:0 2px;visibility:hidden}
.wf-node:hover .wf-move{visibility:visible}
.wf-end{position:relative;z-index:1;padding:6px 16px;border-radius:16px;background:#fff;color:#888;font-size:13px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.wf-view .wf-node{cursor:default}
.wf-view .wf-node:hover{border-color:transparent}
.wf-active{animation:wf-pulse 1.6s ease-in-out infinite}
@keyframes wf-pulse{0%,100%{box-shadow:0 0 0 0 rgba(24,144,255,.45)}50%{box-shadow:0 0 0 6px rgba(24,144,255,0)}}
`;

export function FlowCanvas(props: FlowCanvasProps) {
  const { t } = useTranslation('workflow');
  return (
    <div
      className={`wf-canvas ${props.mode === 'view' ? 'wf-view' : ''}`}
      style={{ zoom: (props.zoom ?? 100) / 100 }}
      data-testid={props.mode === 'edit' ? 'flow-canvas' : 'flow-chart'}
    >
      <style>{CSS}</style>
      <Chain head={props.def} p={props} />
      <div className="wf-end">{t('flowEnd')}</div>
    </div>
  );
}

function Chain({ head, p }: { head: FlowNode; p: FlowCanvasProps }) {
  return (
    <div className="wf-chain">
      <ChainItems head={head} p={p} />
    </div>
  );
}

function Gap({ afterId, p }: { afterId: string; p: FlowCanvasProps }) {
  const { t } = useTranslation('workflow');
  const [open, setOpen] = useState(false);
  if (p.mode !== 'edit' || !p.onAdd) return <div className="wf-gap wf-gap-short" />;
  const choose = (what: AddChoice) => {
    setOpen(false);
    p.onAdd?.(afterId, what);
  };
  const choices: Array<[AddChoice, string]> = [
    ['approver', t('addApprover')],
    ['copy', t('addCopy')],
    ['condition', t('addCondition')],
    ['interflow', t('addInterflow')],
    ['timer', t('addTimer')],
    ['subFlow', t('addSubFlow')],
  ];
  return (
    <div className="wf-gap">
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="right"
        content={
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, auto)', gap: 8 }}>
            {choices.map(([what, label]) => (
              <Button key={what} size="small" onClick={() => choose(what)} data-testid={`add-${what}`}>
                {label}
              </Button>
            ))}
          </div>
        }
      >
        <button
          type="button"
          className="wf-add"
          aria-label={t('addNode')}
          data-testid={`add-after-${afterId}`}
        >
          <PlusOutlined />
        </button>
      </Popover>
    </div>
  );
}

function Group({ holder, p }: { holder: FlowNode; p: FlowCanvasProps }) {
  const { t } = useTranslation('workflow');
  const kind = branchKindOf(holder);
  const heads = holder.conditionNodes ?? [];
  return (
    <div className="wf-group" data-testid={`flow-group-${holder.nodeId}`} data-kind={kind}>
      {p.mode === 'edit' && p.onAddBranch && (
        <button
          type="button"
          className="wf-add-branch"
          onClick={() => p.onAddBranch?.(holder.nodeId)}
          data-testid={`add-branch-${holder.nodeId}`}
        >
          {kind === 'condition' ? t('addConditionBranch') : t('addParallelBranch')}
        </button>
      )}
      <div className="wf-branches">
        {heads.map((h, i) => (
          <div className="wf-branch" key={h.nodeId}>
            {i === 0 && (
              <>
                <div className="wf-mask" style={{ left: 0, top: -3 }} />
                <div className="wf-mask" style={{ left: 0, bottom: -3 }} />
              </>
            )}
            {i === heads.length - 1 && (
              <>
                <div className="wf-mask" style={{ right: 0, top: -3 }} />
                <div className="wf-mask" style={{ right: 0, bottom: -3 }} />
              </>
            )}
            <div className="wf-chain" style={{ paddingTop: 36, width: '100%' }}>
              <BranchColumn head={h} p={p} index={i} count={heads.length} kind={kind} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function BranchColumn({
  head,
  p,
  index,
  count,
  kind,
}: {
  head: FlowNode;
  p: FlowCanvasProps;
  index: number;
  count: number;
  kind: 'condition' | 'interflow';
}) {
  // the head card (with its priority and moves), then the rest of the branch's chain
  const isDefault = head.type === 'condition' && head.properties.isDefault;
  const movable = kind === 'condition' && !isDefault && p.mode === 'edit' && !!p.onMoveBranch;
  const lastPlain = kind === 'condition' ? count - 2 : count - 1;
  return (
    <>
      <Card
        node={head}
        p={p}
        head
        moveLeft={movable && index > 0 ? () => p.onMoveBranch?.(head.nodeId, index - 1) : undefined}
        moveRight={movable && index < lastPlain ? () => p.onMoveBranch?.(head.nodeId, index + 1) : undefined}
      />
      <Gap afterId={head.nodeId} p={p} />
      {head.childNode && <ChainItems head={head.childNode} p={p} />}
      <div style={{ flex: 1 }} />
    </>
  );
}

/** The nodes of a chain without their own column (a branch's nodes after its head). */
function ChainItems({ head, p }: { head: FlowNode; p: FlowCanvasProps }) {
  const items: ReactNode[] = [];
  let node: FlowNode | null | undefined = head;
  while (node) {
    const n: FlowNode = node;
    // an `empty` node without branches (left by an old editor) draws nothing
    const type: string = n.type;
    if (isHolder(n)) items.push(<Group key={n.nodeId} holder={n} p={p} />);
    else if (type !== 'empty') items.push(<Card key={n.nodeId} node={n} p={p} />);
    items.push(<Gap key={`gap-${n.nodeId}`} afterId={n.nodeId} p={p} />);
    node = n.childNode;
  }
  return <>{items}</>;
}

function Card({
  node,
  p,
  head,
  moveLeft,
  moveRight,
}: {
  node: FlowNode;
  p: FlowCanvasProps;
  head?: boolean;
  moveLeft?: () => void;
  moveRight?: () => void;
}) {
  const { t } = useTranslation('workflow');
  const problems = p.problems?.get(node.nodeId) ?? [];
  const state = p.states?.get(node.nodeId);
  const isCond = node.type === 'condition';
  const summary = p.summary(node);
  const tag = p.tag?.(node);
  const stateColor = state === undefined ? undefined : STATE_COLOR[state];
  const headColor = isCond ? '#fff' : (stateColor ?? HEAD[node.type] ?? '#8c8c8c');
  const removable =
    p.mode === 'edit' && !!p.onRemove && node.type !== 'start' && !(isCond && node.properties.isDefault);
  const classes = [
    'wf-node',
    isCond ? 'wf-cond' : '',
    p.selected === node.nodeId ? 'wf-selected' : '',
    problems.length ? 'wf-invalid' : '',
    state === NodeState.ACTIVE ? 'wf-active' : '',
  ].join(' ');
  const open = () => p.mode === 'edit' && p.onSelect?.(node.nodeId);
  const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
  return (
    <div
      className={classes}
      role={p.mode === 'edit' ? 'button' : undefined}
      tabIndex={p.mode === 'edit' ? 0 : undefined}
      onClick={open}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), open())}
      data-testid={`flow-node-${node.nodeId}`}
      data-node-type={node.type}
      data-invalid={problems.length ? 'true' : undefined}
      data-state={state}
      data-head={head ? 'true' : undefined}
      style={{
        opacity: state === NodeState.SKIPPED || state === NodeState.PENDING ? 0.6 : 1,
        ...(stateColor && isCond ? { borderColor: stateColor } : {}),
      }}
    >
      <div className="wf-node-head" style={{ background: headColor }}>
        {moveLeft && (
          <span
            className="wf-move"
            onClick={(e) => (stop(e), moveLeft())}
            title={t('moveLeft')}
            data-testid="branch-left"
          >
            <LeftOutlined />
          </span>
        )}
        <span className="wf-node-title" data-user-text>
          {String(node.properties.title ?? '')}
        </span>
        {isCond && (
          <span className="wf-prio">
            {node.properties.isDefault
              ? t('defaultBranch')
              : t('priorityN', { n: Number(node.properties.priority ?? 0) + 1 })}
          </span>
        )}
        {tag}
        {moveRight && (
          <span
            className="wf-move"
            onClick={(e) => (stop(e), moveRight())}
            title={t('moveRight')}
            data-testid="branch-right"
          >
            <RightOutlined />
          </span>
        )}
        {removable && (
          <span
            className="wf-x"
            role="button"
            aria-label={t('removeNode')}
            onClick={(e) => (stop(e), p.onRemove?.(node.nodeId))}
            data-testid={`remove-${node.nodeId}`}
          >
            <CloseOutlined />
          </span>
        )}
      </div>
      <div className="wf-node-body">
        <span className={summary === null ? 'wf-text wf-unset' : 'wf-text'}>
          {summary ?? t(`unset_${node.type}`, { defaultValue: t('unset') })}
        </span>
      </div>
      {problems.length > 0 && (
        <Tooltip
          title={
            <div>
              {problems.map((x, i) => (
                <div key={i}>{x}</div>
              ))}
            </div>
          }
        >
          <WarningFilled className="wf-warn" data-testid={`problem-${node.nodeId}`} />
        </Tooltip>
      )}
    </div>
  );
}
