using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>
/// A request that runs itself: each view's request (Views/) is one, so that the dispatcher, -gc's follow-up analysis
/// and the isolated child run any view without naming it.
/// </summary>
public abstract record RunnableRequest : CommandRequest
{
    public abstract int Run(RunContext context);

    /// <summary>Where its rows go (a batch's parent writes them together).</summary>
    public abstract ReportDestination Destination { get; }

    /// <summary>Its JSON document's header, for a batch's parent too.</summary>
    public abstract JsonReport JsonHeader();
}
