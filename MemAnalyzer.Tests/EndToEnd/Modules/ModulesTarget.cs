using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Modules;

/// <summary>
/// LeakyApp in "modules" mode, dumped as planted (Before: 37 dynamic assemblies) and after "moremodules" (After: 12 more);
/// the process stays up, in the After state, for the live-pid test, which only reads it.
/// </summary>
public sealed class ModulesTarget() : BeforeAfterTarget(ExpectedCounts.ModulesMode, ExpectedCounts.ModulesMoreCommand, ExpectedCounts.ModulesMoreAck);

[CollectionDefinition(Name)]
public sealed class ModulesTargetCollection : ICollectionFixture<ModulesTarget>
{
    public const string Name = "modules target";
}
