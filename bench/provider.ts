/**
 * The local Paystack of the tests (apps/server/test/local-paystack.ts) in a process of its own,
 * for bench/server.ts: `initialize` answers after PROVIDER_DELAY_MS, with the secret key
 * PROVIDER_SECRET. Prints its base URL when listening. In its own process so that its work
 * (checking each request against Paystack's OpenAPI, the delay's timers) does not share the
 * benchmark's event loop, which times the answers.
 */
import { startLocalPaystack } from '../apps/server/test/local-paystack.js';

const provider = await startLocalPaystack(process.env.PROVIDER_SECRET);
provider.autoWebhooks = false;
provider.behave('initialize', { delayMs: Number(process.env.PROVIDER_DELAY_MS ?? 0) });
process.stdout.write(`${provider.baseUrl}\n`);
process.on('SIGTERM', () => void provider.close().then(() => process.exit(0)));
