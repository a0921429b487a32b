using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>
/// A second LeakyApp in "leaks" mode (other addresses than <see cref="LeaksTarget"/>'s): dumped as planted (Before), and
/// after "extraleak" added one more leak with an owner of its own, a static List&lt;AuditRecord&gt; (After).
/// </summary>
public sealed class ExtraLeakTarget() : BeforeAfterTarget("leaks", ExpectedCounts.LeaksExtraCommand, ExpectedCounts.LeaksExtraAck);
