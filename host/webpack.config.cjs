const { createAppConfig } = require('../build/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'host',
  isHost: true,
  port: 3000,
  title: '城市照明综合管理平台',
});
