using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>
/// A delegate: its handlers (a multicast delegate's invocation list, else itself), each with its target object and the
/// method it calls, resolved from the delegate's code pointer by ClrMD (_methodPtr, or _methodPtrAux for a static
/// method); a pointer ClrMD cannot resolve stays unresolved, never guessed.
/// </summary>
public static class DelegateContent
{
    /// <param name="values">Reads the handlers' targets; only needed with <paramref name="entries"/>.</param>
    public static ContentView Read(ClrObject obj, ValueReader? values, bool entries, MethodResolver methods)
    {
        var handlers = Handlers(obj).ToList();
        var perMethod = new Dictionary<MethodView, long>();
        List<EntryView> shown = [];
        foreach (var handler in handlers)
        {
            var method = methods.Resolve(handler);
            perMethod[method] = perMethod.GetValueOrDefault(method) + 1;
            if (entries && values is not null && shown.Count < ContentView.ShownEntries)
            {
                var target = handler.ReadObjectField("_target");
                // A static method's delegate has itself as target.
                var value = target.Address == handler.Address ? ValueView.Null(null) : values.Reference(target, null, summarize: false);
                shown.Add(new EntryView(shown.Count, null, value, method));
            }
        }
        var grouped = perMethod.OrderByDescending(m => m.Value).ThenBy(m => m.Key.TypeName, StringComparer.Ordinal).ThenBy(m => m.Key.Name, StringComparer.Ordinal)
            .Select(m => new MethodCount(m.Key, m.Value)).ToList();
        return new ContentView(ContentKind.Delegate, handlers.Count, Entries: entries ? shown : null, Methods: grouped);
    }

    /// <summary>The single-cast delegates a call invokes: the first _invocationCount entries of an object[] invocation list, else the delegate itself.</summary>
    public static IEnumerable<ClrObject> Handlers(ClrObject obj)
    {
        var list = obj.Type!.GetFieldByName("_invocationList") is null ? default : obj.ReadObjectField("_invocationList");
        if (list.IsNull || list.Type is not { IsArray: true })
        {
            yield return obj;
            yield break;
        }
        var count = (int)Math.Min(obj.ReadField<nint>("_invocationCount"), list.AsArray().Length);
        var array = list.AsArray();
        for (var i = 0; i < count; i++)
        {
            var handler = array.GetObjectValue(i);
            if (!handler.IsNull)
            {
                yield return handler;
            }
        }
    }
}
