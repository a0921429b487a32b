namespace MemAnalyzer.Commands;

/// <summary>
/// A request that runs itself: each view's request (Views/) is one, so that the dispatcher, -gc's follow-up analysis
/// and the isolated child run any view without naming it.
/// </summary>
public abstract record RunnableRequest : CommandRequest
{
    public abstract int Run(RunContext context);
}
