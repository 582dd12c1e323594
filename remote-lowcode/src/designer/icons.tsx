// The palette's icons: the catalogue names an @ant-design/icons export per control (formcore
// controls.ts); each is imported by deep path (the barrel ships every icon, build/shared.cjs).
import type { ComponentType } from 'react';
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import BankOutlined from '@ant-design/icons/es/icons/BankOutlined';
import BarcodeOutlined from '@ant-design/icons/es/icons/BarcodeOutlined';
import BgColorsOutlined from '@ant-design/icons/es/icons/BgColorsOutlined';
import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import CalculatorOutlined from '@ant-design/icons/es/icons/CalculatorOutlined';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import CheckSquareOutlined from '@ant-design/icons/es/icons/CheckSquareOutlined';
import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import CreditCardOutlined from '@ant-design/icons/es/icons/CreditCardOutlined';
import DownSquareOutlined from '@ant-design/icons/es/icons/DownSquareOutlined';
import EnvironmentOutlined from '@ant-design/icons/es/icons/EnvironmentOutlined';
import FieldTimeOutlined from '@ant-design/icons/es/icons/FieldTimeOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import FileWordOutlined from '@ant-design/icons/es/icons/FileWordOutlined';
import FolderOutlined from '@ant-design/icons/es/icons/FolderOutlined';
import FontColorsOutlined from '@ant-design/icons/es/icons/FontColorsOutlined';
import FontSizeOutlined from '@ant-design/icons/es/icons/FontSizeOutlined';
import FormOutlined from '@ant-design/icons/es/icons/FormOutlined';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import LayoutOutlined from '@ant-design/icons/es/icons/LayoutOutlined';
import LineOutlined from '@ant-design/icons/es/icons/LineOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import MoneyCollectOutlined from '@ant-design/icons/es/icons/MoneyCollectOutlined';
import NumberOutlined from '@ant-design/icons/es/icons/NumberOutlined';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import PartitionOutlined from '@ant-design/icons/es/icons/PartitionOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import ProfileOutlined from '@ant-design/icons/es/icons/ProfileOutlined';
import ScheduleOutlined from '@ant-design/icons/es/icons/ScheduleOutlined';
import SlidersOutlined from '@ant-design/icons/es/icons/SlidersOutlined';
import SolutionOutlined from '@ant-design/icons/es/icons/SolutionOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import SwapOutlined from '@ant-design/icons/es/icons/SwapOutlined';
import TableOutlined from '@ant-design/icons/es/icons/TableOutlined';
import TagOutlined from '@ant-design/icons/es/icons/TagOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import UserSwitchOutlined from '@ant-design/icons/es/icons/UserSwitchOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';

const ICONS: Readonly<Record<string, ComponentType>> = {
  ApartmentOutlined,
  BankOutlined,
  BarcodeOutlined,
  BgColorsOutlined,
  BookOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  DownSquareOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FolderOutlined,
  FontColorsOutlined,
  FontSizeOutlined,
  FormOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LineOutlined,
  LinkOutlined,
  LockOutlined,
  MenuUnfoldOutlined,
  MoneyCollectOutlined,
  NumberOutlined,
  PaperClipOutlined,
  PartitionOutlined,
  PictureOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  SlidersOutlined,
  SolutionOutlined,
  StarOutlined,
  SwapOutlined,
  TableOutlined,
  TagOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
  UserSwitchOutlined,
};

/** The icon named by the catalogue (a neutral one for a name not in this table). */
export function ControlIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
