namespace MemAnalyzer.Inspections;

/// <summary>The inspections, in the order their rows are listed, each with why its findings matter.</summary>
public static class InspectionNames
{
    public const string Finished = "disposed but reachable";
    public const string Events = "event handlers";
    public const string Observers = "subject observers";
    public const string EmptyCollections = "empty collections";
    public const string SparseCollections = "sparse collections";
    public const string EmptyArrays = "empty arrays";
    public const string Timers = "timers";
    public const string Timeouts = "timeouts";
    public const string PendingAsync = "pending async";
    public const string SafeHandles = "safe handles";
    public const string DuplicateStrings = "duplicate strings";
    public const string ZeroFilledArrays = "zero-filled arrays";
    public const string ConstantArrays = "constant arrays";
    public const string DuplicateArrays = "duplicate arrays";
    public const string SmallCollections = "small collections";
    public const string HashCollisions = "hash collisions";
    public const string Backlogs = "backlogs";
    public const string BoxedValues = "boxed values";

    public static IReadOnlyList<string> Ordered { get; } =
        [Finished, Events, Observers, EmptyCollections, SparseCollections, EmptyArrays, Timers, Timeouts, PendingAsync, SafeHandles, DuplicateStrings,
            ZeroFilledArrays, ConstantArrays, DuplicateArrays, SmallCollections, HashCollisions, Backlogs, BoxedValues];

    /// <summary>
    /// Whether a finding's bytes are what fixing it saves: the unused slots of empty and sparse collections, the arrays
    /// that are empty, zero-filled or constant, the copies beyond the first, the small collections' overhead, the boxes.
    /// The others save nothing measured here: a leak frees what it retains (-suspects), a collision costs time.
    /// </summary>
    public static bool Saves(string inspection) => inspection is EmptyCollections or SparseCollections or EmptyArrays or DuplicateStrings
        or ZeroFilledArrays or ConstantArrays or DuplicateArrays or SmallCollections or BoxedValues;

    /// <summary>One line: why a finding of the inspection matters.</summary>
    public static string Why(string inspection) => inspection switch
    {
        Finished => "the object's own state says it is finished (disposed, closed), yet something still holds it: a leak; -roots -type <type> shows what holds it",
        Events => "an event keeps every handler's target alive until it is removed: a count that grows is the classic event-handler leak",
        Observers => "an Rx Subject keeps every subscription, its observer and what the observer's callbacks capture until the subscription is disposed: the event-handler leak of Rx",
        EmptyCollections => "a collection created with a capacity but never filled holds its whole backing array for nothing",
        SparseCollections => "a collection far below its capacity (grown once, then emptied, or over-sized) keeps unused slots",
        EmptyArrays => "zero-length arrays allocated again and again: Array.Empty<T>() shares one",
        Timers => "the timer queue keeps each timer, its callback's target and its state alive until it is disposed",
        Timeouts => "a CancellationTokenSource with a delay stays in the timer queue until it fires or is disposed, with its registered callbacks",
        PendingAsync => "an async method that never resumes keeps its state machine, its locals and its continuations alive",
        SafeHandles => "a handle not closed holds a native resource (file, socket, memory) until the finalizer runs, if it ever does",
        DuplicateStrings => "copies of one string value: -dstrings shows which values and the fields that hold them",
        ZeroFilledArrays => "arrays whose every element is zero: allocated and never written, or cleared and kept; allocate them when they are needed",
        ConstantArrays => "arrays whose every element is one value: a constant or a lazily filled buffer; one shared copy (or none) would do",
        DuplicateArrays => "arrays of one type and length with the same content: all copies but one could be shared",
        SmallCollections => "collections of one or two elements cost more in their object and backing arrays than their elements: a field or an array would hold them",
        HashCollisions => "keys whose hash codes share few buckets: every lookup walks a long chain; the cost is time, not memory (fix the key type's GetHashCode)",
        Backlogs => "a queue that only grows (a stalled or slow consumer) keeps every pending item alive",
        BoxedValues => "value types stored as object (a List<object>, a field typed object) cost a box each: a typed field or a List<T> of the value type holds them unboxed",
        _ => "",
    };
}
