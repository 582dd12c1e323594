/**
 * The console's branch for the citizens' service (urlAddress values are the contract with
 * remote-citizen's routes): their feedback (reply), the QR plates of the poles (print), and the
 * Open311 keys other city systems use (administrators).
 */
import { ADD, EXPORT, REMOVE, col, type MenuSeed } from '../kernel';

export const MENU_FEEDBACK = 'bt.citizen.feedback';
export const MENU_PLATES = 'bt.citizen.plates';
export const MENU_OPEN311 = 'bt.citizen.open311';

export const REPLY = { enCode: 'btn_reply', fullName: '回复' };

export const CITIZEN_MENU: MenuSeed = {
  enCode: 'citizen',
  fullName: '市民服务',
  type: 1,
  icon: 'icon-ym icon-ym-wechat',
  children: [
    {
      enCode: MENU_FEEDBACK,
      fullName: '市民反馈',
      type: 2,
      icon: 'icon-ym icon-ym-generator-notice',
      urlAddress: 'bt/citizen/feedback',
      buttons: [REPLY],
      columns: col([
        ['kind', '类型'],
        ['title', '标题'],
        ['state', '状态'],
        ['createdAt', '提交时间'],
      ]),
    },
    {
      enCode: MENU_PLATES,
      fullName: '杆牌二维码',
      type: 2,
      icon: 'icon-ym icon-ym-generator-qrcode',
      urlAddress: 'bt/citizen/plates',
      buttons: [EXPORT],
    },
    {
      enCode: MENU_OPEN311,
      fullName: 'Open311 接口密钥',
      type: 2,
      icon: 'icon-ym icon-ym-sysConfig',
      urlAddress: 'bt/citizen/open311',
      buttons: [ADD, REMOVE],
    },
  ],
};
