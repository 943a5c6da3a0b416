import subprocess, time, urllib.request, sys, re, os
root = sys.argv[1]; port = sys.argv[2] if len(sys.argv) > 2 else "8123"
env = dict(os.environ, PYTHONPATH=".", NO_MKDOCS_2_WARNING="1")
p = subprocess.Popen(["/tmp/v/bin/mkdocs", "serve", "-a", f"127.0.0.1:{port}", "--livereload"] + sys.argv[3:], cwd=root, env=env,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
url = f"http://127.0.0.1:{port}/laws/the-rubber/"
t0 = time.time()
while True:
    try:
        urllib.request.urlopen(url, timeout=2).read(); break
    except Exception:
        if time.time() - t0 > 120: print("no server"); p.kill(); sys.exit(1)
        time.sleep(0.2)
print("first serve ready after", round(time.time() - t0, 1), "s")
laws = os.path.join(root, "content/laws.yaml")
orig = open(laws).read()
results = []
try:
    for i in range(4):
        marker = f"ZQX{i}MARK"
        new = orig.replace("The rubber is the best of three games.", f"The rubber is the best of three games {marker}.", 1)
        time.sleep(1.5)
        t = time.time()
        open(laws, "w").write(new)
        while True:
            try:
                if marker in urllib.request.urlopen(url, timeout=5).read().decode(): break
            except Exception:
                pass
            time.sleep(0.05)
        results.append(time.time() - t)
        open(laws, "w").write(orig)
        time.sleep(4)
finally:
    open(laws, "w").write(orig)
    p.kill()
    out = p.stdout.read()
    import re as _re
    print("builds:", _re.findall(r"Documentation built in ([0-9.]+) seconds", out))
print("edit -> visible:", [round(x, 2) for x in results])
