namespace MemAnalyzer.Retention;

/// <summary>
/// Arrays of an int per object of a graph (<see cref="Length"/> ints or more), made once and written several times:
/// first carved into the chunks the graph's reading keeps its references in (on several threads), then, once those
/// are copied into the graph's one array of references, lent whole to the computations that need an int per object
/// and give it back (the root paths' queue, the dominators' search). Memory written once costs nothing to write again;
/// a fresh array costs a page fault for each page (on a virtual machine, often the host's as well), and at 10^8
/// objects those faults were half of the dominators' time.
/// </summary>
internal sealed class ScratchArrays
{
    private readonly Lock _lock = new();
    private readonly List<int[]> _carved = [];
    private readonly Stack<int[]> _free = new();
    private int _carvedInLast;
    private Task? _prefault;

    /// <param name="objects">The graph's objects.</param>
    /// <param name="chunkLength">The longest chunk carved: every array holds at least one.</param>
    public ScratchArrays(int objects, int chunkLength = 0)
    {
        Length = objects + 2;
        ArrayLength = Math.Max(Length, chunkLength);
    }

    /// <summary>
    /// The ints every array lent holds at least: one per object, one for the dominators' super-root, and the spare
    /// slot of their predecessor offsets.
    /// </summary>
    public int Length { get; }

    private int ArrayLength { get; }

    /// <summary>A chunk of <paramref name="length"/> ints (at most the chunk length given), carved from the arrays: thread-safe.</summary>
    public (int[] Array, int Offset) Carve(int length)
    {
        lock (_lock)
        {
            if (_carved.Count == 0 || _carvedInLast + length > _carved[^1].Length)
            {
                _carved.Add(GC.AllocateUninitializedArray<int>(ArrayLength));
                _carvedInLast = 0;
            }
            var offset = _carvedInLast;
            _carvedInLast += length;
            return (_carved[^1], offset);
        }
    }

    /// <summary>
    /// Once nothing is carved any more, on a thread of its own (for an idle core while another thread works): makes
    /// sure <paramref name="arrays"/> arrays are there to lend, and writes a word per page of every part of them no
    /// chunk was carved from, so that their first use costs no page fault there. <see cref="Take"/> and
    /// <see cref="Clear"/> wait for it.
    /// </summary>
    public void StartPrefault(int arrays)
    {
        lock (_lock)
        {
            // Taken now: the carving may end before the task starts.
            var last = _carved.Count > 0 ? _carved[^1] : null;
            var carvedInLast = _carvedInLast;
            var missing = arrays - _carved.Count - _free.Count;
            _prefault = Task.Factory.StartNew(() => Prefault(last, carvedInLast, missing), CancellationToken.None,
                TaskCreationOptions.LongRunning, TaskScheduler.Default);
        }
    }

    private void WaitForPrefault()
    {
        Task? prefault;
        lock (_lock)
        {
            prefault = _prefault;
        }
        prefault?.GetAwaiter().GetResult();
    }

    private void Prefault(int[]? last, int carvedInLast, int missing)
    {
        if (last is not null)
        {
            Touch(last, carvedInLast);
        }
        for (var i = 0; i < missing; i++)
        {
            var array = GC.AllocateUninitializedArray<int>(Length);
            Touch(array, 0);
            lock (_lock)
            {
                _free.Push(array);
            }
        }
    }

    /// <summary>Writes a zero every 4 KiB of <paramref name="array"/> from <paramref name="from"/> on: each page is faulted in now.</summary>
    public static void Touch(int[] array, int from)
    {
        for (var i = from; i < array.Length; i += PageInts)
        {
            array[i] = 0;
        }
    }

    private const int PageInts = 4096 / sizeof(int);

    /// <summary>Nothing reads the chunks carved any more: the arrays they were carved from are free to lend.</summary>
    public void EndCarving()
    {
        lock (_lock)
        {
            foreach (var array in _carved)
            {
                _free.Push(array);
            }
            _carved.Clear();
        }
    }

    /// <summary>An array of at least <see cref="Length"/> ints, whose contents are undefined (clear what must start at zero).</summary>
    public int[] Take()
    {
        WaitForPrefault();
        lock (_lock)
        {
            return _free.TryPop(out var array) ? array : GC.AllocateUninitializedArray<int>(Length);
        }
    }

    /// <summary>Gives back an array taken, for the next <see cref="Take"/>.</summary>
    public void Return(int[] array)
    {
        if (array.Length < Length)
        {
            throw new ArgumentException($"an array of {array.Length} ints is shorter than the {Length} lent");
        }
        lock (_lock)
        {
            _free.Push(array);
        }
    }

    /// <summary>Lets go of the arrays not lent: their memory goes back to the system at the next collection.</summary>
    public void Clear()
    {
        WaitForPrefault();
        lock (_lock)
        {
            _free.Clear();
        }
    }
}
