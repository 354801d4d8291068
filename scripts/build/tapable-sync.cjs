// What the build bundles for `tapable`: only the hook classes core/hooks.ts uses. tapable's own
// index requires every hook (the async ones too), and a CommonJS module is not tree-shaken.
module.exports = {
  HookMap: require('tapable/lib/HookMap.js'),
  SyncBailHook: require('tapable/lib/SyncBailHook.js'),
  SyncHook: require('tapable/lib/SyncHook.js'),
  SyncWaterfallHook: require('tapable/lib/SyncWaterfallHook.js'),
}
