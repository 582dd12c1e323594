// A row of photo thumbnails (a citizen's photos on a fault, a feedback thread): each a 96 px square
// cropped to fill, opening the full photo in a new tab, each named "Photo n" for a screen reader.
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';

export const PHOTO_THUMB_PX = 96;

export function PhotoThumbs({
  urls,
  style,
  testId,
}: {
  urls: readonly string[];
  style?: React.CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!urls.length) return null;
  return (
    <Space wrap style={style} data-testid={testId}>
      {urls.map((u, i) => (
        <a key={u} href={u} target="_blank" rel="noreferrer">
          <img
            src={u}
            alt={t('photoN', { n: i + 1 })}
            style={{ width: PHOTO_THUMB_PX, height: PHOTO_THUMB_PX, objectFit: 'cover', borderRadius: 6 }}
          />
        </a>
      ))}
    </Space>
  );
}
