import Bowser from 'bowser';

export interface Device {
  /** e.g. "Chrome 131"; null when the User-Agent says nothing usable. */
  browser: string | null;
  /** e.g. "macOS 14.5", "Android 14". */
  os: string | null;
  platform: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'unknown';
}

/** The device behind a User-Agent, for the sessions list. */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, platform: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null;
  const type = parsed.platform.type;
  const platform = type === 'desktop' || type === 'mobile' || type === 'tablet' || type === 'tv' ? type : 'unknown';
  return { browser, os, platform };
}

/** A device as people read it: "Chrome 131, macOS 10.15.7"; the raw User-Agent (cut) when it says nothing usable. */
export function deviceLabel(userAgent: string | null): string {
  const { browser, os } = deviceOf(userAgent);
  return [browser, os].filter(Boolean).join(', ') || (userAgent?.slice(0, 120) ?? '?');
}

/**
 * A device as the new-device check compares it: browser and system names without their
 * versions, so an updated browser is not a new device.
 */
export function deviceKey(userAgent: string | null): string {
  const device = deviceOf(userAgent);
  const strip = (name: string | null) => (name ?? '').replace(/\s[\d.]+.*$/, '');
  return `${strip(device.browser)}|${strip(device.os)}|${device.platform}`;
}
