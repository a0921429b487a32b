namespace MemAnalyzer.Heap;

/// <summary>Asks ClrMD for each new type's name on a second thread, one type at a time under the table's lock.</summary>
internal sealed class TypeNamer : IDisposable
{
    private readonly MethodTableInfoTable _table;
    private readonly Task _task;
    private volatile bool _walkDone;
    private volatile bool _stop;

    private TypeNamer(MethodTableInfoTable table)
    {
        _table = table;
        _task = Task.Factory.StartNew(Run, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
    }

    public static TypeNamer Start(MethodTableInfoTable table) => new(table);

    /// <summary>Names whatever is left and waits; names are then cached in their ClrType.</summary>
    public void Finish()
    {
        _walkDone = true;
        Wait();
    }

    /// <summary>Stops at once (the walk failed or was cancelled) and waits, so the DAC is idle before the target closes.</summary>
    public void Dispose()
    {
        _stop = true;
        Wait();
    }

    private void Wait()
    {
        try
        {
            _task.Wait();
        }
        catch (AggregateException)
        {
            // A type whose name could not be read here is named again (or its error reported) on the walking thread.
        }
    }

    private void Run()
    {
        var named = 0;
        while (!_stop)
        {
            var done = _walkDone;
            if (named < _table.Count)
            {
                lock (_table.ClrMdLock)
                {
                    _ = _table.TypeAt(named).Name;
                }
                named++;
            }
            else if (done)
            {
                return;
            }
            else
            {
                Thread.Sleep(1);
            }
        }
    }
}
