import { App } from 'aws-cdk-lib';
import { DEFAULT_WEB_ASSET_PATH } from '../lib/paths.js';
import { buildTrancheApp } from '../lib/tranche-app.js';

// Context from cdk.json and `-c key=value` reaches this process through the CLI. This App only reads
// it: without autoSynth: false it would synthesize itself, empty, over the real assembly at exit.
const context = new App({ autoSynth: false }).node.getAllContext() as Record<string, unknown>;
const tenant = String(context.tenant ?? 'demo');
const { app } = buildTrancheApp({ tenant, webAssetPath: DEFAULT_WEB_ASSET_PATH, context });
app.synth();
