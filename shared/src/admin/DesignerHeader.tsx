// The header every designer shares (the form designer, the flow designer): back (asking before
// unsaved changes are dropped), the title, "not saved", undo / redo with their shortcuts, and the
// designer's own tools. The shortcuts (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y) and the browser's own
// "leave site?" for unsaved changes work while the designer is shown.
import { useEffect, useRef } from 'react';
import { App as AntApp, Button, Space, Tooltip, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import { useTranslation } from 'react-i18next';
import { historyKey, isEditableTarget } from './designerKeys';

export interface DesignerHeaderProps {
  title: string;
  titleMaxWidth?: number;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** leaves the designer (after the user agreed to drop unsaved changes) */
  onLeave: () => void;
  /** beside the title (a version, a mode switch) */
  afterTitle?: React.ReactNode;
  /** the designer's tools before undo / redo (zoom) */
  before?: React.ReactNode;
  /** the designer's tools after undo / redo (import, export, save…) */
  children?: React.ReactNode;
}

export function DesignerHeader({
  title,
  titleMaxWidth = 300,
  dirty,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onLeave,
  afterTitle,
  before,
  children,
}: DesignerHeaderProps) {
  const { t } = useTranslation('admin');
  const { modal } = AntApp.useApp();
  const history = useRef({ onUndo, onRedo });
  history.current = { onUndo, onRedo };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isEditableTarget(e.target)) return;
      const what = historyKey(e);
      if (!what) return;
      e.preventDefault();
      if (what === 'undo') history.current.onUndo();
      else history.current.onRedo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // closing the browser tab or reloading with unsaved changes: the browser asks first
  useEffect(() => {
    if (!dirty) return undefined;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const leave = () => {
    if (!dirty) return onLeave();
    modal.confirm({
      title: t('unsavedTitle'),
      content: t('unsavedLeave'),
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: onLeave,
    });
  };

  return (
    <header
      style={{
        height: 48,
        flex: '0 0 48px',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '0 12px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Button icon={<ArrowLeftOutlined />} onClick={leave} data-testid="designer-back">
        {t('back')}
      </Button>
      <Typography.Text strong ellipsis style={{ maxWidth: titleMaxWidth }} data-testid="designer-title">
        {title}
      </Typography.Text>
      {afterTitle}
      {dirty && <Typography.Text type="warning">{t('unsaved')}</Typography.Text>}
      <Space style={{ marginLeft: 'auto' }} wrap size={6}>
        {before}
        <Tooltip title={`${t('undo')} (Ctrl+Z)`}>
          <Button
            icon={<UndoOutlined />}
            disabled={!canUndo}
            onClick={onUndo}
            aria-label={t('undo')}
            data-testid="undo"
          />
        </Tooltip>
        <Tooltip title={`${t('redo')} (Ctrl+Shift+Z)`}>
          <Button
            icon={<RedoOutlined />}
            disabled={!canRedo}
            onClick={onRedo}
            aria-label={t('redo')}
            data-testid="redo"
          />
        </Tooltip>
        {children}
      </Space>
    </header>
  );
}
