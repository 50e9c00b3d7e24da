import Testing

/// Every RestorationKit suite nests here: the engine has process-wide state (the shared application), so they run one at a time.
@Suite(.serialized) enum RuleBook {}
