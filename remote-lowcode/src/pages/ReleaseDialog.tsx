// Publishing a model (Actions/Release): the menu section it goes under, the menu's name (and code
// the first time), icon and order. A model already published is updated where it is: its menu is
// prefilled. Says what happens: the current version's form and list are frozen, its buttons and
// columns enter the permission catalogue; the administrator sees it after a reload.
import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import Form from 'antd/es/form';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import { menuLabelIn, request, toast } from '@lighting/shared';
import {
  getModel,
  releaseModel,
  releaseParents,
  type MenuNode,
  type ReleaseBody,
  type ReleaseMenu,
} from '../api';
import '../i18nList';

interface Values {
  parentId: string;
  fullName: string;
  enCode?: string;
  icon?: string;
  sortCode?: number;
}

interface Option {
  value: string;
  title: string;
  children: Option[];
}
const tree = (nodes: MenuNode[], lang: string): Option[] =>
  nodes.map((n) => ({
    value: n.id,
    title: menuLabelIn({ enCode: n.enCode, fullName: n.fullName }, lang),
    children: tree(n.children ?? [], lang),
  }));

/** What a release shows of the thing released. */
interface Releasable {
  fullName: string;
  enCode: string;
  version?: number;
  releasedVersion?: number | null;
  releaseMenu?: ReleaseMenu | null;
}

/** A data report's own release (Report/{id}/Actions/Release). */
const reportRelease = {
  load: async (id: string): Promise<Releasable> =>
    (await request<Releasable>({ url: `/visualdev/Report/${encodeURIComponent(id)}`, method: 'get' })).data,
  release: async (id: string, body: ReleaseBody) =>
    request<unknown>({
      url: `/visualdev/Report/${encodeURIComponent(id)}/Actions/Release`,
      method: 'post',
      data: body,
    }),
};

export function ReleaseDialog({
  modelId,
  onClose,
  onReleased,
  kind = 'model',
}: {
  modelId: string;
  onClose(): void;
  onReleased(): void;
  /** a model (type-3 page) or a data report (type-5 page) */
  kind?: 'model' | 'report';
}) {
  const { t, i18n } = useTranslation('lowcodeList');
  const [form] = Form.useForm<Values>();
  const [model, setModel] = useState<Releasable | null>(null);
  const [parents, setParents] = useState<MenuNode[]>([]);
  const [busy, setBusy] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let alive = true;
    void Promise.all([
      kind === 'report' ? reportRelease.load(modelId) : getModel(modelId),
      releaseParents(),
    ]).then(
      ([m, p]) => {
        if (!alive) return;
        setModel(m);
        setParents(p);
        form.setFieldsValue({
          parentId:
            m.releaseMenu?.parentId && m.releaseMenu.parentId !== '-1' ? m.releaseMenu.parentId : undefined,
          fullName: m.releaseMenu?.fullName ?? m.fullName,
          icon: m.releaseMenu?.icon ?? '',
          sortCode: m.releaseMenu?.sortCode ?? 0,
        });
      },
      () => alive && close.current(),
    );
    return () => {
      alive = false;
    };
  }, [modelId, form, kind]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const release = kind === 'report' ? reportRelease.release : releaseModel;
      await release(modelId, {
        parentId: v.parentId,
        fullName: v.fullName.trim(),
        ...(v.enCode?.trim() ? { enCode: v.enCode.trim() } : {}),
        ...(v.icon?.trim() ? { icon: v.icon.trim() } : {}),
        sortCode: v.sortCode ?? 0,
      });
      toast('success', t('releasedReload'));
      onReleased();
      onClose();
    } catch {
      /* the HTTP client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('releaseTitle', { name: model?.fullName ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('release')}
      confirmLoading={busy}
      width={560}
      data-testid="release-dialog"
    >
      {model && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 12 }}
            items={[
              {
                key: 'state',
                label: t('releaseState'),
                children:
                  model.releasedVersion && model.releaseMenu
                    ? t('releaseVersion', {
                        version: model.releasedVersion,
                        menu: model.releaseMenu.fullName,
                      })
                    : t('releaseNever'),
              },
            ]}
          />
          <Alert
            type="info"
            showIcon
            message={t('releaseWillBe', { version: model.version ?? 1 })}
            style={{ marginBottom: 12 }}
          />
        </>
      )}
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="parentId"
          label={t('releaseParent')}
          rules={[{ required: true, message: t('releaseParentHint') }]}
        >
          <TreeSelect
            treeData={tree(parents, i18n.language)}
            placeholder={t('releaseParentHint')}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            data-testid="release-parent"
          />
        </Form.Item>
        <Form.Item name="fullName" label={t('releaseMenuName')} rules={[{ required: true, max: 50 }]}>
          <Input maxLength={50} data-testid="release-name" />
        </Form.Item>
        {!model?.releaseMenu && (
          <Form.Item
            name="enCode"
            label={t('releaseMenuCode')}
            rules={[{ pattern: /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/, max: 50 }]}
          >
            <Input
              maxLength={50}
              placeholder={
                kind === 'report'
                  ? `dynamicModel.report.${model?.enCode ?? ''}`
                  : `dynamicModel.${model?.enCode ?? ''}`
              }
            />
          </Form.Item>
        )}
        <Form.Item name="icon" label={t('releaseIcon')}>
          <Input maxLength={100} placeholder="icon-ym icon-ym-generator-form" />
        </Form.Item>
        <Form.Item name="sortCode" label={t('releaseSort')}>
          <InputNumber min={0} max={999999} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
