import type { RemotePageProps } from '@lighting/shared';
import { PlannedPage } from '@lighting/shared/ui';

/** Pages the low-code issue builds: online-development runtime for menu types 3, 4 and 5. */
export default function Planned({ urlAddress, meta }: RemotePageProps) {
  const model = meta.moduleId ? `（模型 ${meta.moduleId}${meta.isTree ? '，树形' : ''}）` : '';
  return (
    <PlannedPage
      title={meta.title}
      description={`在线开发运行时将按模型配置渲染此页面${model}：列表、查询、表单与导出。地址 ${urlAddress}，由低代码议题实现。`}
    />
  );
}
