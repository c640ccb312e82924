import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_FEE_TIERS, parseFeeTiers, type FeeTier } from '@jara/shared';

/** The repository root: relative paths in the environment are taken from where npm was run. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const baseDir = process.env.INIT_CWD ?? ROOT;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional().or(z.literal('').transform(() => undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z.string().regex(/^[\w:.-]*$/).default('jara:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(24 * 30),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Jara <no-reply@jara.ng>'),
  SUPPORT_EMAIL: z.email().default('support@jara.ng'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).optional(),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  SANDBOX_SECRET: z.string().min(16).default('sandbox-secret-key-for-local-development'),
  UPLOAD_DIR: z.string().optional(),
  WEB_DIST: z.string().optional(),
  CAMPUS_NAME: z.string().default('University of Benin, Ugbowo'),
  CAMPUS_LAT: z.coerce.number().min(-90).max(90).default(6.3998),
  CAMPUS_LON: z.coerce.number().min(-180).max(180).default(5.6099),
  SERVICE_RADIUS_KM: z.coerce.number().positive().max(100).default(12),
  DELIVERY_FEE_TIERS: z.string().optional(),
  VENDOR_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  RIDER_SHARE_PERCENT: z.coerce.number().min(0).max(100).default(100),
  JOBS_ENABLED: bool.default(true),
});

export type Config = ReturnType<typeof loadConfig>;

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
  if (provider === 'paystack' && !e.PAYSTACK_SECRET_KEY) problems.push('  - PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER=paystack');
  if (e.NODE_ENV === 'production' && provider === 'sandbox') problems.push('  - PAYMENT_PROVIDER: the sandbox cannot take real money; set PAYSTACK_SECRET_KEY in production');
  let feeTiers: FeeTier[] = [...DEFAULT_FEE_TIERS];
  if (e.DELIVERY_FEE_TIERS) {
    try {
      feeTiers = parseFeeTiers(e.DELIVERY_FEE_TIERS);
    } catch (err) {
      problems.push(`  - DELIVERY_FEE_TIERS: ${(err as Error).message} (write it like 0.6:500,1:600,*:1800)`);
    }
  }
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
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, support: e.SUPPORT_EMAIL },
    google: { clientId: e.GOOGLE_CLIENT_ID || null, jwksUrl: e.GOOGLE_JWKS_URL },
    payments: {
      provider,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY ?? '',
      paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, ''),
      sandboxSecret: e.SANDBOX_SECRET,
    },
    uploadDir: resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : path.join(ROOT, 'apps/web/dist'),
    campus: {
      name: e.CAMPUS_NAME,
      serviceArea: { centre: { latitude: e.CAMPUS_LAT, longitude: e.CAMPUS_LON }, radiusKm: e.SERVICE_RADIUS_KM },
    },
    feeTiers,
    vendorCommissionPercent: e.VENDOR_COMMISSION_PERCENT,
    riderSharePercent: e.RIDER_SHARE_PERCENT,
    jobsEnabled: e.JOBS_ENABLED,
  };
}
