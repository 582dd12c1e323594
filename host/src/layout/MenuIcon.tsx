// Draws a menu section's icon (./menuIcons.ts names it).
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import CodeOutlined from '@ant-design/icons/es/icons/CodeOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import DesktopOutlined from '@ant-design/icons/es/icons/DesktopOutlined';
import EnvironmentOutlined from '@ant-design/icons/es/icons/EnvironmentOutlined';
import FormOutlined from '@ant-design/icons/es/icons/FormOutlined';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import QuestionCircleOutlined from '@ant-design/icons/es/icons/QuestionCircleOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import WechatOutlined from '@ant-design/icons/es/icons/WechatOutlined';
import type { ComponentType } from 'react';
import { menuIconKey, type MenuIconKey } from './menuIcons';

const ICONS: Record<MenuIconKey, ComponentType> = {
  code: CodeOutlined,
  flow: ApartmentOutlined,
  chat: MessageOutlined,
  permission: SafetyCertificateOutlined,
  setting: SettingOutlined,
  data: DatabaseOutlined,
  map: EnvironmentOutlined,
  citizen: WechatOutlined,
  screen: DesktopOutlined,
  chart: BarChartOutlined,
  team: TeamOutlined,
  help: QuestionCircleOutlined,
  form: FormOutlined,
  section: AppstoreOutlined,
};

export function MenuIcon({ icon }: { icon: string | null | undefined }) {
  const key = menuIconKey(icon);
  const Icon = ICONS[key];
  return <Icon data-menu-icon={key} />;
}
