// The reader: the article's sanitised HTML in a modal, its author and publish time.
import { useEffect, useState } from 'react';
import { Button, Spin, Typography } from 'antd';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@lighting/shared';
import { fetchArticle, type ArticleDetail } from './api';
import { NS } from './i18n';
import { useSanitizedHtml } from '@lighting/shared/ui';

type State =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ok'; article: ArticleDetail };

export function ArticleReader({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    setState({ status: 'loading' });
    fetchArticle(id).then(
      (article) => live && setState({ status: 'ok', article }),
      (e: unknown) =>
        live && setState({ status: 'error', error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const html = useSanitizedHtml(state.status === 'ok' ? state.article.contentHtml : '') ?? '';

  return (
    <Modal
      open={!!id}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      title={state.status === 'ok' ? state.article.title : ' '}
    >
      <div data-testid="article-reader">
        {state.status === 'loading' ? (
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : state.status === 'error' ? (
          <div style={{ padding: 24, textAlign: 'center' }}>
            <Typography.Text type="danger">
              {t('loadFailed')}: {state.error}
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <Typography.Text type="secondary" data-testid="article-meta">
              {state.article.author} · {formatDate(state.article.publishTime)}
            </Typography.Text>
            <div
              data-testid="article-content"
              className="article-content"
              style={{
                marginTop: 12,
                lineHeight: 1.8,
                overflowWrap: 'anywhere',
                maxHeight: '65vh',
                overflow: 'auto',
              }}
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
