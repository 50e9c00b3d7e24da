// Screens, archives, reports and the runner's line protocol are values the tools read too; they
// live in RestorationModel, and everything that imports the engine sees them as before.
@_exported import RestorationModel
