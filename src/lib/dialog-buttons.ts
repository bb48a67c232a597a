import { t } from '@lingui/core/macro';

/** The seed's dialog defaults (section 9): confirm "OK", deny "No", cancel "Cancel", in the current language. */
export function dialogButtons(): { confirmLabel: string; denyLabel: string; cancelLabel: string } {
  return {
    confirmLabel: t({ id: 'ok', message: 'OK' }),
    denyLabel: t({ id: 'no', message: 'No' }),
    cancelLabel: t({ id: 'cancel', message: 'Cancel' }),
  };
}
