namespace MemAnalyzer.Targets;

/// <summary>-attach: how a live process is read.</summary>
public enum AttachMode
{
    /// <summary>ptrace, and when that is denied a heap dump written by the process's runtime (the default).</summary>
    Auto,

    /// <summary>Attach with ptrace and suspend the process while its heap is walked.</summary>
    Ptrace,

    /// <summary>Have the process's runtime write a heap dump over its diagnostics socket, analyze it, delete it.</summary>
    Dump,
}
