// Chat text: escaped text with only the known emoji codes drawn as our own images.
import { Fragment } from 'react';
import { segments } from '../emoji/codec';
import { EMOJI_URLS } from '../emoji/urls';

export function EmojiText({ text }: { text: string }) {
  return (
    <>
      {segments(text).map((s, i) =>
        s.kind === 'text' ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          <img
            key={i}
            src={EMOJI_URLS[s.emoji.file]}
            alt={s.emoji.code}
            title={s.emoji.code}
            width={20}
            height={20}
            style={{ verticalAlign: 'text-bottom', margin: '0 1px' }}
            data-emoji={s.emoji.code}
          />
        ),
      )}
    </>
  );
}
