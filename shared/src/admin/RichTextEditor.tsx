// The rich-text editor (notices, articles): tiptap loads by import() when an editor first shows,
// so no page carries it until then.
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import './i18n';

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  minHeight?: number;
  testId?: string;
}

const Impl = lazy(() => import('./RichTextEditorImpl'));

/** Usable as an antd Form control (value / onChange). */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('admin');
  return (
    <Suspense fallback={<Spin tip={t('editorLoading')}>&nbsp;</Spin>}>
      <Impl {...props} />
    </Suspense>
  );
}
