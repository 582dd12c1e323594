/**
 * The code generator's menu (spec §2 menu sections: 代码生成): a section with the function-form
 * generator page, JNPF's `generator/webForm`. Previewing the code needs the menu; downloading it
 * needs its btn_download too.
 */
import type { MenuSeed } from '../../kernel';

export const GENERATOR_MENU = 'generator.webForm';
export const DOWNLOAD_BUTTON = 'btn_download';

export const GENERATOR_SECTION: MenuSeed = {
  enCode: 'generator',
  fullName: '代码生成',
  type: 1,
  icon: 'icon-ym icon-ym-generator',
  children: [
    {
      enCode: GENERATOR_MENU,
      fullName: '功能表单',
      type: 2,
      icon: 'icon-ym icon-ym-generator-form',
      urlAddress: 'generator/webForm',
      buttons: [{ enCode: DOWNLOAD_BUTTON, fullName: '下载代码' }],
      columns: [
        { enCode: 'fullName', fullName: '名称' },
        { enCode: 'enCode', fullName: '编码' },
        { enCode: 'version', fullName: '版本' },
      ],
    },
  ],
};
