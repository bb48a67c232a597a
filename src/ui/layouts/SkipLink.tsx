import { Trans } from '@lingui/react/macro';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      <Trans>Skip to content</Trans>
    </a>
  );
}
