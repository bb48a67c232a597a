import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { saveFile } from '../../lib/save-file';

/** The ten recovery codes, shown once: copy or download them, then put them away. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // A browser that refuses the clipboard: the codes stay on screen to copy by hand.
      setCopied(false);
    }
  };
  return (
    <div className="recovery-codes" role="region" aria-label={t`Recovery codes`}>
      <div className="banner banner-warning" role="status">
        <span>
          <Trans>Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are shown only now.</Trans>
        </span>
      </div>
      <ol className="recovery-code-list mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="security-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => saveFile(new Blob([`${text}\n`], { type: 'text/plain' }), 'traderoom-recovery-codes.txt')}>
          <Trans>Download</Trans>
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          <Trans>I have saved them</Trans>
        </button>
      </div>
    </div>
  );
}
