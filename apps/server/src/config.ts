import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CHECKPOINTS, parseCheckpoint } from './infra/faults/checkpoints.js';
import {
  DEFAULT_BATCH_DISCOUNT_PERCENT,
  DEFAULT_BATCH_WAIT_MINUTES,
  DEFAULT_DELIVERY_HOURS,
  DEFAULT_FEE_TIERS,
  parseDailyWindow,
  parseFeeTiers,
  type DailyWindow,
  type FeeTier,
} from '@jara/shared';

/** The repository root: relative paths in the environment are taken from where npm was run. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const baseDir = process.env.INIT_CWD ?? ROOT;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The push services of Chrome, Edge, Firefox and Safari. */
const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  // No glob characters nor '#': the Socket.IO adapter subscribes to the pattern
  // `<prefix>socket.io#/#*`, which must not match another deployment's channels.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/)
    .default('jara:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.optional(),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Jara <no-reply@jara.ng>'),
  SUPPORT_EMAIL: z.email().default('support@jara.ng'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).optional(),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SANDBOX_SECRET: z.string().min(16).default('sandbox-secret-key-for-local-development'),
  UPLOAD_DIR: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 'postgres', 's3']).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not a bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_.-]*\/)*$/i, 'a folder path ending in /, like jara/')
    .default(''),
  WEB_DIST: z.string().optional(),
  CAMPUS_NAME: z.string().default('University of Benin, Ugbowo'),
  CAMPUS_LAT: z.coerce.number().min(-90).max(90).default(6.3998),
  CAMPUS_LON: z.coerce.number().min(-180).max(180).default(5.6099),
  DELIVERY_HOURS: z.string().default('08:00-21:00'),
  SERVICE_RADIUS_KM: z.coerce.number().positive().max(100).default(12),
  DELIVERY_FEE_TIERS: z.string().optional(),
  VENDOR_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  RIDER_SHARE_PERCENT: z.coerce.number().min(0).max(100).default(100),
  BATCH_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(90).default(DEFAULT_BATCH_DISCOUNT_PERCENT),
  BATCH_WAIT_MINUTES: z.coerce.number().int().min(0).max(60).default(DEFAULT_BATCH_WAIT_MINUTES),
  VENDOR_CONFIRM_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  DISPUTE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(30),
  RIDER_ACCEPT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  JOBS_ENABLED: bool.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  JOBS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  RECONCILE_EVERY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(24 * 3_600_000)
    .default(10 * 60_000),
  RECONCILE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(24 * 3_600_000)
    .default(10 * 60_000),
  JARA_FAULT_CHECKPOINT: z.string().optional(),
  JARA_TEST_CLOCK: z.string().optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'a mailto: address or an https: URL')
    .optional(),
  PUSH_ENDPOINT_HOSTS: z.string().optional(),
  CATALOGUE_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().optional(),
  // Verified accounts (decision 0050).
  SMS_DRIVER: z.enum(['sandbox']).default('sandbox'),
  STUDENT_EMAIL_DOMAINS: z.string().default('uniben.edu'),
  PROMOTIONS_NEED_PHONE: bool.default(false),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * Reads `.env` from the folder npm was started in (the repository root for `npm start`), or
 * the file named by ENV_FILE. Variables already set in the environment win; no file is fine.
 * Returns the file read, if any.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, dir = baseDir): string | null {
  const file = env.ENV_FILE ? path.resolve(dir, env.ENV_FILE) : path.join(dir, '.env');
  try {
    process.loadEnvFile(file);
    return file;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !env.ENV_FILE) return null;
    throw new ConfigError(`Could not read ${file}: ${(err as Error).message}`);
  }
}

export class ConfigError extends Error {}

/** Validates the environment; every problem is listed at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const provider = e.PAYMENT_PROVIDER ?? (e.PAYSTACK_SECRET_KEY ? 'paystack' : 'sandbox');
  if (provider === 'paystack' && !e.PAYSTACK_SECRET_KEY)
    problems.push('  - PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER=paystack');
  if (e.NODE_ENV === 'production' && provider === 'sandbox')
    problems.push('  - PAYMENT_PROVIDER: the sandbox cannot take real money; set PAYSTACK_SECRET_KEY in production');
  let feeTiers: FeeTier[] = [...DEFAULT_FEE_TIERS];
  if (e.DELIVERY_FEE_TIERS) {
    try {
      feeTiers = parseFeeTiers(e.DELIVERY_FEE_TIERS);
    } catch (err) {
      problems.push(`  - DELIVERY_FEE_TIERS: ${(err as Error).message} (write it like 0.6:500,1:600,*:1800)`);
    }
  }
  let deliveryHours: DailyWindow = DEFAULT_DELIVERY_HOURS;
  try {
    deliveryHours = parseDailyWindow(e.DELIVERY_HOURS);
  } catch (err) {
    problems.push(`  - DELIVERY_HOURS: ${(err as Error).message} (Lagos time; 00:00-24:00 for round the clock)`);
  }
  // Media: S3 when a bucket is named, else PostgreSQL when there is one (so every instance
  // serves every file), else this machine's disk (the embedded database runs one instance).
  const storageDriver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : e.DATABASE_URL ? 'postgres' : 'local');
  if (storageDriver === 's3' && !e.S3_BUCKET) problems.push('  - S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY)
    problems.push(
      '  - S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither (neither: the AWS SDK finds credentials itself)',
    );
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    problems.push('  - METRICS_PORT: must differ from PORT (it keeps /metrics off the public port)');
  const faultCheckpoint = e.JARA_FAULT_CHECKPOINT ? parseCheckpoint(e.JARA_FAULT_CHECKPOINT) : null;
  if (e.JARA_FAULT_CHECKPOINT && e.NODE_ENV === 'production')
    problems.push('  - JARA_FAULT_CHECKPOINT: a test-only crash hook; never set in production');
  else if (e.JARA_FAULT_CHECKPOINT && !faultCheckpoint)
    problems.push(`  - JARA_FAULT_CHECKPOINT: one of ${CHECKPOINTS.join(', ')} (optionally :n for the n-th time)`);
  const testClock = e.JARA_TEST_CLOCK ? new Date(e.JARA_TEST_CLOCK) : null;
  if (e.JARA_TEST_CLOCK && e.NODE_ENV === 'production')
    problems.push('  - JARA_TEST_CLOCK: a test-only fixed clock; never set in production');
  else if (testClock && (Number.isNaN(testClock.getTime()) || !/(Z|[+-]\d\d:\d\d)$/.test(e.JARA_TEST_CLOCK!)))
    problems.push('  - JARA_TEST_CLOCK: an instant with its offset, like 2026-11-25T12:00:00+01:00');
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY)
    problems.push(
      '  - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both or neither (neither: a pair is made at first start and kept in the database)',
    );
  const studentEmailDomains = e.STUDENT_EMAIL_DOMAINS.split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const badDomain = studentEmailDomains.find((d) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d));
  if (badDomain !== undefined)
    problems.push(
      `  - STUDENT_EMAIL_DOMAINS: "${badDomain}" is not a domain (write it like uniben.edu,uniport.edu.ng)`,
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const resolve = (p: string) => (path.isAbsolute(p) ? p : path.resolve(baseDir, p));
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** PostgreSQL: how long to wait for a connection, and for a query's answer. */
    dbTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, queryMs: e.DB_QUERY_TIMEOUT_MS },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    /** How often the catalogue's revisions are read (writes from other processes); 0 = never. */
    catalogueCheckMs: e.CATALOGUE_CHECK_MS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    // Demo accounts have published passwords: never created in production unless asked for.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    /** SEED_DEMO=true given explicitly: a demo site, where the demo passwords are expected. */
    demoSite: e.SEED_DEMO === true,
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, support: e.SUPPORT_EMAIL },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      /** Hosts (and their subdomains) a subscription's endpoint may point at: the browsers' push services. */
      endpointHosts: (e.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_HOSTS.join(','))
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    google: { clientId: e.GOOGLE_CLIENT_ID || null, jwksUrl: e.GOOGLE_JWKS_URL },
    payments: {
      provider,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY ?? '',
      paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, ''),
      paystackTimeoutMs: e.PAYSTACK_TIMEOUT_MS,
      sandboxSecret: e.SANDBOX_SECRET,
    },
    uploadDir: resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    storage: {
      driver: storageDriver,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET ?? '',
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        // Path-style URLs work with every S3-compatible server; AWS itself prefers virtual hosts.
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
        prefix: e.S3_PREFIX,
      },
    },
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : path.join(ROOT, 'apps/web/dist'),
    campus: {
      name: e.CAMPUS_NAME,
      serviceArea: { centre: { latitude: e.CAMPUS_LAT, longitude: e.CAMPUS_LON }, radiusKm: e.SERVICE_RADIUS_KM },
    },
    feeTiers,
    deliveryHours,
    /** DELIVERY_HOURS given, not the default: the admin's first-run checklist asks for it. */
    deliveryHoursSet: env.DELIVERY_HOURS !== undefined,
    vendorCommissionPercent: e.VENDOR_COMMISSION_PERCENT,
    riderSharePercent: e.RIDER_SHARE_PERCENT,
    /** "Batch & save" (decision 0048): the delivery fee's discount, and how long such an order may wait for a partner. */
    batch: { discountPercent: e.BATCH_DISCOUNT_PERCENT, waitMinutes: e.BATCH_WAIT_MINUTES },
    /** A paid order's items no vendor confirmed within this many minutes are cancelled and refunded. */
    vendorConfirmMinutes: e.VENDOR_CONFIRM_MINUTES,
    /** A delivered order's shares wait this long (SPEC §9's 30 minutes to report an issue) before they can be paid out. */
    disputeWindowMinutes: e.DISPUTE_WINDOW_MINUTES,
    /** A delivery on the board this many minutes with no rider alerts support (once). */
    riderAcceptMinutes: e.RIDER_ACCEPT_MINUTES,
    verification: {
      /** An account whose verified email is on one of these domains, or a subdomain, is a "Verified student". */
      studentEmailDomains,
      /** Promotions with a per-person limit or "first order" also need a verified phone (the promotions module reads it). */
      promotionsNeedPhone: e.PROMOTIONS_NEED_PHONE,
    },
    /** How text messages (phone verification codes) go out: `sandbox` keeps them in sms_outbox. */
    sms: { driver: e.SMS_DRIVER },
    jobsEnabled: e.JOBS_ENABLED,
    jobs: { pollMs: e.JOBS_POLL_MS, leaseMs: e.JOBS_LEASE_MS },
    reconcile: { everyMs: e.RECONCILE_EVERY_MS, afterMs: e.RECONCILE_AFTER_MS },
    /** Test-only (the fault suite): where this process kills itself. Refused in production. */
    faultCheckpoint,
    /**
     * Test-only (the journeys): the instant opening and delivery hours are judged at, fixed, so
     * a journey does not depend on the hour it runs. Refused in production.
     */
    testClock,
    metrics: {
      // Not public in production: only behind a bearer token or on a port of its own.
      enabled: e.NODE_ENV !== 'production' || !!e.METRICS_TOKEN || e.METRICS_PORT !== undefined,
      token: e.METRICS_TOKEN ?? null,
      port: e.METRICS_PORT ?? null,
      host: e.METRICS_HOST ?? e.HOST,
    },
  };
}
