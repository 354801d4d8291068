// What the build bundles for tapable's HookCodeFactory, which builds each hook's caller with
// `new Function`: core/hooks.ts gives every hook an eval-free `compile`, so the factory is never
// asked for code. Its base class stays (the hook files extend it) without the code generator.
class HookCodeFactory {
  setup() {}
  create() {
    throw new Error("schemavet: tapable's code generation is not in this build (core/hooks.ts compiles every hook without it)")
  }
}
module.exports = HookCodeFactory
