import { describe, expect, test, vi } from 'vitest';
import {
  CheckoutLoadError,
  createFlutterwaveLoader,
  flutterwaveConfig,
  openFlutterwaveCheckout,
  resultFromFlutterwave,
  type CheckoutInput,
  type CheckoutResult,
  type FlutterwaveConfig,
  type LoaderWindow,
  type ScriptLike,
} from '@/features/wallet/api/checkout';

const INPUT: CheckoutInput = {
  publicKey: 'FLWPUBK_TEST-SANDBOXDEMOKEY-X',
  txRef: 'punter-abc',
  amount: 2500,
  email: 'ada@punter.test',
  name: 'Ada Obi',
  phoneNumber: '08012345678',
};

describe('flutterwaveConfig', () => {
  test('builds the FlutterwaveCheckout argument for an NGN top-up', () => {
    const callback = vi.fn();
    const onclose = vi.fn();
    const config = flutterwaveConfig(INPUT, { callback, onclose });
    expect(config).toEqual({
      public_key: 'FLWPUBK_TEST-SANDBOXDEMOKEY-X',
      tx_ref: 'punter-abc',
      amount: 2500,
      currency: 'NGN',
      payment_options: 'card, banktransfer, ussd',
      customer: { email: 'ada@punter.test', name: 'Ada Obi', phone_number: '08012345678' },
      customizations: { title: 'Punter top up' },
      callback,
      onclose,
    });
  });

  test('offers only methods Flutterwave supports for NGN, comma + space separated', () => {
    const options = flutterwaveConfig(INPUT, { callback: vi.fn(), onclose: vi.fn() }).payment_options.split(', ');
    expect(options).toEqual(['card', 'banktransfer', 'ussd']);
    expect(options.some((o) => o.startsWith('mobilemoney'))).toBe(false);
  });

  test('leaves phone_number out when the profile has none', () => {
    const config = flutterwaveConfig({ ...INPUT, phoneNumber: '  ' }, { callback: vi.fn(), onclose: vi.fn() });
    expect(config.customer).toEqual({ email: 'ada@punter.test', name: 'Ada Obi' });
    expect('phone_number' in config.customer).toBe(false);
  });
});

describe('resultFromFlutterwave', () => {
  test('a successful payment goes to verification with its transaction id as a string', () => {
    expect(resultFromFlutterwave({ status: 'successful', tx_ref: 'punter-abc', transaction_id: 4412345 }, 'punter-abc')).toEqual({
      status: 'successful',
      transactionId: '4412345',
    });
    expect(resultFromFlutterwave({ status: 'completed', transaction_id: '4412345' }, 'punter-abc')).toEqual({
      status: 'successful',
      transactionId: '4412345',
    });
  });

  test('other statuses, a missing id or another tx_ref are failures', () => {
    expect(resultFromFlutterwave({ status: 'failed', tx_ref: 'punter-abc', transaction_id: 7 }, 'punter-abc')).toEqual({
      status: 'failed',
      transactionId: '7',
    });
    expect(resultFromFlutterwave({ status: 'successful', tx_ref: 'punter-abc' }, 'punter-abc')).toEqual({ status: 'failed' });
    expect(resultFromFlutterwave({ status: 'successful', transaction_id: null }, 'punter-abc')).toEqual({ status: 'failed' });
    expect(resultFromFlutterwave({ status: 'successful', tx_ref: 'punter-other', transaction_id: 7 }, 'punter-abc')).toEqual({
      status: 'failed',
    });
  });

  test('a payload that does not look like Flutterwave callback data is a failure', () => {
    for (const payload of [
      null,
      undefined,
      'successful',
      {},
      { status: 1 },
      { status: 'successful', transaction_id: 'abc' },
      { status: 'successful', transaction_id: -3 },
    ]) {
      expect(resultFromFlutterwave(payload, 'punter-abc')).toEqual({ status: 'failed' });
    }
  });

  test('a cancelled status is a cancellation', () => {
    expect(resultFromFlutterwave({ status: 'cancelled', tx_ref: 'punter-abc' }, 'punter-abc')).toEqual({ status: 'cancelled' });
  });
});

/** A stand-in for window.FlutterwaveCheckout: keeps the config and a close() that fires onclose, as v3.js does. */
function fakeCheckout() {
  const calls: FlutterwaveConfig[] = [];
  const close = vi.fn(() => calls.at(-1)?.onclose(false));
  const fn = (config: FlutterwaveConfig) => {
    calls.push(config);
    return { close };
  };
  return { fn, calls, close };
}

describe('openFlutterwaveCheckout', () => {
  test('reports the callback result once and closes the checkout frame', () => {
    const checkout = fakeCheckout();
    const results: CheckoutResult[] = [];
    openFlutterwaveCheckout(checkout.fn, INPUT, (r) => results.push(r));
    expect(checkout.calls).toHaveLength(1);
    expect(checkout.calls[0]?.tx_ref).toBe('punter-abc');
    checkout.calls[0]?.callback({ status: 'successful', tx_ref: 'punter-abc', transaction_id: 99 });
    // close() fired onclose: that is not a cancellation
    expect(checkout.close).toHaveBeenCalledTimes(1);
    expect(results).toEqual([{ status: 'successful', transactionId: '99' }]);
    checkout.calls[0]?.callback({ status: 'failed', transaction_id: 100 });
    checkout.calls[0]?.onclose();
    expect(results).toHaveLength(1);
  });

  test('closing the checkout without a callback is a cancellation', () => {
    const checkout = fakeCheckout();
    const results: CheckoutResult[] = [];
    openFlutterwaveCheckout(checkout.fn, INPUT, (r) => results.push(r));
    checkout.calls[0]?.onclose(true);
    checkout.calls[0]?.onclose(true);
    expect(results).toEqual([{ status: 'cancelled' }]);
    checkout.calls[0]?.callback({ status: 'successful', transaction_id: 99 });
    expect(results).toEqual([{ status: 'cancelled' }]);
  });

  test('works with a v3.js that returns no handle', () => {
    const results: CheckoutResult[] = [];
    let config: FlutterwaveConfig | undefined;
    openFlutterwaveCheckout(
      (c) => void (config = c),
      INPUT,
      (r) => results.push(r),
    );
    config?.callback({ status: 'failed' });
    expect(results).toEqual([{ status: 'failed' }]);
  });
});

class FakeScript implements ScriptLike {
  src = '';
  async = false;
  removed = false;
  private listeners: Record<'load' | 'error', (() => void)[]> = { load: [], error: [] };
  addEventListener(type: 'load' | 'error', listener: () => void) {
    this.listeners[type].push(listener);
  }
  remove() {
    this.removed = true;
  }
  fire(type: 'load' | 'error') {
    for (const listener of this.listeners[type]) listener();
  }
}

function fakeHost() {
  const appended: FakeScript[] = [];
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const win: LoaderWindow = {
    setTimeout(callback, _ms) {
      const id = nextTimer++;
      timers.set(id, callback);
      return id;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
  };
  const doc = {
    createElement(tagName: 'script') {
      if (tagName !== 'script') throw new Error(`unexpected ${String(tagName)}`);
      return new FakeScript();
    },
    head: {
      appendChild(node: FakeScript) {
        appended.push(node);
        return node;
      },
    },
  };
  const runTimers = () => {
    const pending = [...timers.values()];
    timers.clear();
    pending.forEach((t) => t());
  };
  return { host: { document: doc, window: win }, appended, timers, win, runTimers };
}

const SRC = 'https://checkout.flutterwave.com/v3.js';

describe('createFlutterwaveLoader', () => {
  test('adds the script once and resolves with window.FlutterwaveCheckout when it has loaded', async () => {
    const { host, appended, timers, win } = fakeHost();
    const load = createFlutterwaveLoader(host);
    const first = load(SRC);
    const second = load(SRC);
    expect(second).toBe(first);
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe(SRC);
    expect(appended[0]?.async).toBe(true);
    const checkout = vi.fn();
    win.FlutterwaveCheckout = checkout;
    appended[0]?.fire('load');
    await expect(first).resolves.toBe(checkout);
    expect(timers.size).toBe(0);
    await expect(load(SRC)).resolves.toBe(checkout);
    expect(appended).toHaveLength(1);
  });

  test('adds nothing when FlutterwaveCheckout is already on the page', async () => {
    const { host, appended, win } = fakeHost();
    const checkout = vi.fn();
    win.FlutterwaveCheckout = checkout;
    await expect(createFlutterwaveLoader(host)(SRC)).resolves.toBe(checkout);
    expect(appended).toHaveLength(0);
  });

  test('rejects when the script cannot be loaded, removes it, and tries again on the next call', async () => {
    const { host, appended, timers, win } = fakeHost();
    const load = createFlutterwaveLoader(host);
    const first = load(SRC);
    appended[0]?.fire('error');
    await expect(first).rejects.toBeInstanceOf(CheckoutLoadError);
    await expect(first).rejects.toThrow(/could not be loaded/);
    expect(appended[0]?.removed).toBe(true);
    expect(timers.size).toBe(0);

    const retry = load(SRC);
    expect(appended).toHaveLength(2);
    win.FlutterwaveCheckout = vi.fn();
    appended[1]?.fire('load');
    await expect(retry).resolves.toBe(win.FlutterwaveCheckout);
  });

  test('rejects when the script loads but defines no FlutterwaveCheckout', async () => {
    const { host, appended } = fakeHost();
    const loading = createFlutterwaveLoader(host)(SRC);
    appended[0]?.fire('load');
    await expect(loading).rejects.toThrow(/defines no FlutterwaveCheckout/);
    expect(appended[0]?.removed).toBe(true);
  });

  test('rejects when the script takes too long, and a late load changes nothing', async () => {
    const { host, appended, runTimers, win } = fakeHost();
    const loading = createFlutterwaveLoader(host, { timeoutMs: 5000 })(SRC);
    runTimers();
    await expect(loading).rejects.toThrow(/did not load within 5000 ms/);
    win.FlutterwaveCheckout = vi.fn();
    appended[0]?.fire('load');
    await expect(loading).rejects.toBeInstanceOf(CheckoutLoadError);
  });
});
